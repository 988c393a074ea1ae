import { Alert, Button, Group, Text } from '@mantine/core';
import type { Programme } from '@lantern/contracts/programme';
import type { ProgrammeResults, ResultsImportReport } from '@lantern/contracts/results';
import { READABLE_TITLE } from '../../../lib/a11y';
import { csvText, saveCsv } from '../../../lib/csv';
import { useImportResults } from '../api/import-results';
import { ImportFileModal, ImportSummaryAlert } from './import-file-modal';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a clean file writes, or wrote: "2 rows: 3 scores of 2 students, in BUS101, BUS102". */
export function resultsImportSummary(report: ResultsImportReport): string {
  return `${count(report.rows, 'row', 'rows')}: ${count(report.scores, 'score', 'scores')} of ${count(report.students, 'student', 'students')}, in ${report.courses.join(', ')}`;
}

/** A file to fill in: jwlId, the names (ignored on import) and an empty column per course, one
 * row per active student, the only ones whose results can be entered. */
export function resultsTemplate(results: ProgrammeResults): string {
  const header = ['jwlId', 'firstName', 'lastName', ...results.courses.map((c) => c.code)];
  const rows = results.students
    .filter((s) => s.state === 'active')
    .map((s) => [s.studentId, s.firstName, s.lastName, ...results.courses.map(() => '')]);
  return csvText([header, ...rows]);
}

type ImportResultsModalProps = {
  programme: Pick<Programme, 'id' | 'code'>;
  results: ProgrammeResults;
  opened: boolean;
  onClose: () => void;
};

/** Scores from a file, a column per course, with a template of the active students: see
 * ImportFileModal. */
export function ImportResultsModal({
  programme,
  results,
  opened,
  onClose,
}: ImportResultsModalProps) {
  const run = useImportResults();
  const codes = results.courses.map((c) => c.code);
  const active = results.students.filter((s) => s.state === 'active').length;

  const downloadTemplate = () => {
    saveCsv(`results-${programme.code}.csv`, resultsTemplate(results));
  };

  const outcome = (report: ResultsImportReport, isDone: boolean) => {
    if (!isDone && report.scores === 0)
      return (
        <Alert color="orange.9" variant="light" title="No score to import" styles={READABLE_TITLE}>
          The file is right but every course cell is empty.
        </Alert>
      );
    const untouched = codes.filter((c) => !report.courses.includes(c));
    return (
      <ImportSummaryAlert isDone={isDone}>
        {resultsImportSummary(report)}.
        {untouched.length > 0 ? ` ${untouched.join(', ')}: not in the file, left as is.` : ''}
      </ImportSummaryAlert>
    );
  };

  return (
    <ImportFileModal
      programmeId={programme.id}
      run={run}
      title="Import results"
      opened={opened}
      onClose={onClose}
      fileLabel="Results file"
      fileDescription="The file is checked first; nothing is written until every cell is right"
      outcome={outcome}
      importLabel={(report) =>
        report.scores > 0 ? `Import ${count(report.scores, 'score', 'scores')}` : null
      }
    >
      <Text size="sm">
        A CSV or XLSX file with one student a row and, by header, a{' '}
        <Text span size="sm" ff="monospace">
          jwlId
        </Text>{' '}
        column and a column for each course to enter:{' '}
        <Text span size="sm" ff="monospace">
          {codes.join(', ')}
        </Text>
        . Other columns, such as names, are ignored; an empty cell leaves that result as it is.
        {results.gradingSchema
          ? ` Scores run from 0 to ${results.gradingSchema.scaleMax}.`
          : null}{' '}
        Only active students take results.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={downloadTemplate}>
          Download template
        </Button>
        <Text size="xs">
          CSV with {count(active, 'row', 'rows')}, one per active student, scores empty
        </Text>
      </Group>
    </ImportFileModal>
  );
}
