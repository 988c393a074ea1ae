import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { APPLICANT_IMPORT_COLUMNS, type ImportReport } from '@lantern/contracts/programme';
import { displayError } from '../../../lib/errors';
import { notifySubmitError, notifySubmitSuccess } from '../../../lib/notify';
import { useImportApplicants } from '../api/import-applicants';
import { ImportProblemsTable } from './import-problems-table';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';

/** The files an import takes: CSV or XLSX, by extension or type. */
export const IMPORT_FILE_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** What a clean file does, or did: "12 rows: 8 new people, 3 matched, 1 already applied". */
export function importSummary(report: ImportReport): string {
  const rows = report.rows === 1 ? '1 row' : `${report.rows} rows`;
  return `${rows}: ${report.created} new ${report.created === 1 ? 'person' : 'people'}, ${report.matched} existing matched, ${report.alreadyApplied} already applied`;
}

type ImportApplicantsModalProps = { programmeId: number; opened: boolean; onClose: () => void };

/** Choose a file → dry run → fix and choose again until clean → import → summary. Nothing is
 * written until the whole file is clean. */
export function ImportApplicantsModal({
  programmeId,
  opened,
  onClose,
}: ImportApplicantsModalProps) {
  const run = useImportApplicants();
  const resetInput = useRef<() => void>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (chosen: File, dryRun: boolean) => {
    setFailure(null);
    try {
      const answer = await run.mutateAsync({ programmeId, file: chosen, dryRun });
      setReport(answer);
      if (!dryRun) {
        if (answer.problems.length === 0) notifySubmitSuccess();
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

  const hasProblems = report !== null && report.problems.length > 0;
  const isClean = report !== null && report.dryRun && !hasProblems;
  const isDone = report !== null && !report.dryRun && !hasProblems;

  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={opened}
      onClose={close}
      title="Import applicants"
      size="xl"
    >
      <Stack gap="sm">
        <Text size="sm">
          A CSV or XLSX file with one applicant a row and these columns, by header:{' '}
          <Text span size="sm" ff="monospace">
            {APPLICANT_IMPORT_COLUMNS.join(', ')}
          </Text>
          . A row with a JWL-ID is matched to that person; a row without one creates a new person,
          who gets an invitation when accepted.
        </Text>
        {isDone ? null : (
          <FileInput
            label="Applicant file"
            description="The file is checked first; nothing is written until every row is right"
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
        {isClean ? (
          <Alert color="teal.9" variant="light" title="The file is clean" styles={READABLE_TITLE}>
            {importSummary(report)}.
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
            {importSummary(report)}.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {isDone ? 'Done' : 'Cancel'}
          </Button>
          {isClean && file ? (
            <Button loading={run.isPending} onClick={() => void send(file, false)}>
              Import {report.rows === 1 ? '1 applicant' : `${report.rows} applicants`}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
