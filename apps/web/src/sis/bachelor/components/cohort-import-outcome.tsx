import { COHORT_FIELD_LABELS, type CohortImportReport } from '@lantern/contracts/bachelor-cohorts';
import { ImportDiff } from '../../../components/import-diff';
import { ImportSummaryAlert } from '../../../components/import-flow';

const keyOf = (p: { row: number | null; jwlId: number | null }, i: number) =>
  `${p.jwlId ?? 'new'}-${p.row ?? 'x'}-${i}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 rows: 3 added, 2 changed, 7 unchanged, 0 no longer listed" — what a clean cohort file
 * does, or did. */
export function cohortImportSummary(report: CohortImportReport): string {
  return `${count(report.rows, 'row', 'rows')}: ${report.added} added, ${report.changed} changed, ${report.unchanged} unchanged, ${report.unlisted} no longer listed`;
}

/** "Import: 3 students added, 1 student changed", naming only what the file does; null when it
 * does nothing. */
export const cohortImportLabel = (report: { added: number; changed: number }): string | null => {
  const parts = [
    report.added > 0 ? count(report.added, 'student added', 'students added') : null,
    report.changed > 0 ? count(report.changed, 'student changed', 'students changed') : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `Import: ${parts.join(', ')}` : null;
};

/** A clean cohort file's diff against the last import, and once imported what it did. */
export function CohortImportOutcome({
  report,
  isDone,
}: {
  report: CohortImportReport;
  isDone: boolean;
}) {
  return (
    <>
      <ImportSummaryAlert isDone={isDone}>{cohortImportSummary(report)}.</ImportSummaryAlert>
      <ImportDiff
        counts={report}
        overwrites={report.overwrites}
        added={report.diff.added.map((a, i) => ({ key: keyOf(a, i), row: a.row, name: a.name }))}
        changed={report.diff.changed.map((c, i) => ({
          key: keyOf(c, i),
          row: c.row,
          name: c.name,
          changes: c.changes.map((change) => ({
            label: COHORT_FIELD_LABELS[change.field],
            from: change.from,
            to: change.to,
            manual: change.manual,
          })),
        }))}
        unlisted={report.diff.unlisted.map((u, i) => ({
          key: keyOf(u, i),
          row: u.row,
          name: u.name,
        }))}
        unlistedNote="They stay in the cohort; remove them by hand if they left."
      />
    </>
  );
}
