import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Programme } from '@lantern/contracts/programme';
import type { ProgrammeResults, ResultsImportReport } from '@lantern/contracts/results';
import { displayError } from '../../../lib/errors';
import { notifySubmitError, notifySubmitSuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useImportResults } from '../api/import-results';
import { IMPORT_FILE_ACCEPT } from './import-applicants-modal';
import { ImportProblemsTable } from './import-problems-table';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a clean file writes, or wrote: "2 rows: 3 scores of 2 students, in BUS101, BUS102". */
export function resultsImportSummary(report: ResultsImportReport): string {
  return `${count(report.rows, 'row', 'rows')}: ${count(report.scores, 'score', 'scores')} of ${count(report.students, 'student', 'students')}, in ${report.courses.join(', ')}`;
}

/** One CSV cell: a would-be formula (=, +, -, @) as text, as the server's exports write it;
 * quoted when it holds a separator, a quote or a line break. */
const csvCell = (value: string | number) => {
  const text = String(value).replace(/^[=+\-@\t\r]/, (start) => `'${start}`);
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A file to fill in: jwlId, the names (ignored on import) and an empty column per course, one
 * row per active student, the only ones whose results can be entered. */
export function resultsTemplate(results: ProgrammeResults): string {
  const header = ['jwlId', 'firstName', 'lastName', ...results.courses.map((c) => c.code)];
  const rows = results.students
    .filter((s) => s.state === 'active')
    .map((s) => [s.studentId, s.firstName, s.lastName, ...results.courses.map(() => '')]);
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

type ImportResultsModalProps = {
  programme: Pick<Programme, 'id' | 'code'>;
  results: ProgrammeResults;
  opened: boolean;
  onClose: () => void;
};

/** Choose a file → dry run → fix and choose again until clean → import → summary. Nothing is
 * written until every cell of the file is right. */
export function ImportResultsModal({
  programme,
  results,
  opened,
  onClose,
}: ImportResultsModalProps) {
  const run = useImportResults();
  const resetInput = useRef<() => void>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ResultsImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const codes = results.courses.map((c) => c.code);
  const active = results.students.filter((s) => s.state === 'active').length;

  const send = async (chosen: File, dryRun: boolean) => {
    setFailure(null);
    try {
      const answer = await run.mutateAsync({ programmeId: programme.id, file: chosen, dryRun });
      setReport(answer);
      if (!dryRun) {
        if (!answer.dryRun) notifySubmitSuccess();
        else notifySubmitError();
      }
    } catch (error) {
      setReport(null);
      setFailure(displayError(error));
      notifySubmitError(displayError(error));
    }
  };

  const close = () => {
    setFile(null);
    setReport(null);
    setFailure(null);
    onClose();
  };

  const downloadTemplate = () => {
    // The BOM tells spreadsheet programs the names are UTF-8; the import reads past it.
    const blob = new Blob([`\uFEFF${resultsTemplate(results)}`], {
      type: 'text/csv;charset=utf-8',
    });
    saveFile({ blob, filename: `results-${programme.code}.csv` });
  };

  const hasProblems = report !== null && report.problems.length > 0;
  const isClean = report !== null && report.dryRun && !hasProblems;
  const isDone = report !== null && !report.dryRun;
  const untouched = isClean || isDone ? codes.filter((c) => !report.courses.includes(c)) : [];

  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={opened}
      onClose={close}
      title="Import results"
      size="xl"
    >
      <Stack gap="sm">
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
        {isDone ? null : (
          <FileInput
            label="Results file"
            description="The file is checked first; nothing is written until every cell is right"
            accept={IMPORT_FILE_ACCEPT}
            value={file}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            resetRef={resetInput}
            onChange={(chosen) => {
              setFile(chosen);
              setReport(null);
              // The same file may be chosen again after it was fixed.
              resetInput.current?.();
              if (chosen) void send(chosen, true);
            }}
            disabled={run.isPending}
          />
        )}
        {run.isPending ? (
          <Group gap="xs">
            <Loader size="sm" role="status" aria-label="Working on the file" />
            <Text size="sm">{run.variables.dryRun ? 'Checking the file…' : 'Importing…'}</Text>
          </Group>
        ) : null}
        {failure ? (
          <Alert color="red.9" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        {hasProblems ? (
          <>
            <Alert
              color="red.9"
              variant="light"
              role="alert"
              title="Nothing was imported"
              styles={READABLE_TITLE}
            >
              Fix these in the file, save it and choose it again.
            </Alert>
            <ImportProblemsTable problems={report.problems} />
          </>
        ) : null}
        {isClean && report.scores === 0 ? (
          <Alert
            color="orange.9"
            variant="light"
            title="No score to import"
            styles={READABLE_TITLE}
          >
            The file is right but every course cell is empty.
          </Alert>
        ) : null}
        {isClean && report.scores > 0 ? (
          <Alert color="teal.9" variant="light" title="The file is clean" styles={READABLE_TITLE}>
            {resultsImportSummary(report)}.
            {untouched.length > 0 ? ` ${untouched.join(', ')}: not in the file, left as is.` : ''}
          </Alert>
        ) : null}
        {isDone ? (
          <Alert
            color="teal.9"
            variant="light"
            role="status"
            title="Imported"
            styles={READABLE_TITLE}
          >
            {resultsImportSummary(report)}.
            {untouched.length > 0 ? ` ${untouched.join(', ')}: not in the file, left as is.` : ''}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {isDone ? 'Done' : 'Cancel'}
          </Button>
          {isClean && report.scores > 0 && file ? (
            <Button loading={run.isPending} onClick={() => void send(file, false)}>
              Import {count(report.scores, 'score', 'scores')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
