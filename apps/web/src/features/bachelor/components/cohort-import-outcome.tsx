import { COHORT_FIELD_LABELS, type CohortImportReport } from '@lantern/contracts/bachelor-cohorts';
import { ImportDiff } from '../../../components/import-diff';
import { ImportSummaryAlert } from '../../../components/import-flow';

const keyOf = (p: { row: number | null; jwlId: number | null }, i: number) =>
  `${p.jwlId ?? 'new'}-${p.row ?? 'x'}-${i}`;

/** "12 rows: 3 added, 2 changed" — what a clean cohort file does, or did. */
export function cohortImportSummary(report: CohortImportReport): string {
  const rows = report.rows === 1 ? '1 row' : `${report.rows} rows`;
  return `${rows}: ${report.added} added, ${report.changed} changed, ${report.unlisted} no longer listed`;
}

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
