import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ImportReport } from '@lantern/contracts/programme';
import { FailureAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { ImportProblemsTable } from './import-problems-table';

const IMPORT_TEXTS = outcomeTexts('Import done', 'The import was not done');

/** The files an import takes: CSV or XLSX, by extension or type. */
export const IMPORT_FILE_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** What every import of a programme's file sends. */
export type ImportFileInput = { programmeId: number; file: File; dryRun: boolean };

/** What every import answers: `dryRun` is true when nothing was written (a dry run, or a file
 * with problems). */
type FileImportReport = Pick<ImportReport, 'dryRun' | 'problems'>;

type ImportFileModalProps<R extends FileImportReport> = {
  programmeId: number;
  run: UseMutationResult<R, Error, ImportFileInput>;
  title: string;
  opened: boolean;
  onClose: () => void;
  /** What the file holds, above the file input. */
  children: ReactNode;
  fileLabel: string;
  fileDescription: string;
  /** What a clean file does, or did (once it is imported). */
  outcome: (report: R, isDone: boolean) => ReactNode;
  /** The import button of a clean file; null when the file has nothing to import. */
  importLabel: (report: R) => string | null;
};

/** Choose a file → dry run → fix and choose again until clean → import → summary. Nothing is
 * written until the whole file is right. */
export function ImportFileModal<R extends FileImportReport>({
  programmeId,
  run,
  title,
  opened,
  onClose,
  children,
  fileLabel,
  fileDescription,
  outcome,
  importLabel,
}: ImportFileModalProps<R>) {
  const resetInput = useRef<() => void>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (chosen: File, dryRun: boolean) => {
    setFailure(null);
    try {
      const answer = await run.mutateAsync({ programmeId, file: chosen, dryRun });
      setReport(answer);
      if (!dryRun) {
        if (!answer.dryRun && answer.problems.length === 0)
          notifySuccess('import-file', IMPORT_TEXTS);
        else notifyFailure('import-file', undefined, IMPORT_TEXTS);
      }
    } catch (error) {
      setReport(null);
      setFailure(displayError(error));
      notifyFailure('import-file', displayError(error), IMPORT_TEXTS);
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
  const label = isClean ? importLabel(report) : null;

  return (
    <Modal closeButtonProps={CLOSE_LABEL} opened={opened} onClose={close} title={title} size="xl">
      <Stack gap="sm">
        {children}
        {isDone ? null : (
          <FileInput
            label={fileLabel}
            description={fileDescription}
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
        <FailureAlert text={failure} />
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
        {isClean || isDone ? outcome(report, isDone) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {isDone ? 'Done' : 'Cancel'}
          </Button>
          {label !== null && file ? (
            <Button loading={run.isPending} onClick={() => void send(file, false)}>
              {label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** A clean file's summary, and once imported the same summary announced as done. */
export function ImportSummaryAlert({ isDone, children }: { isDone: boolean; children: ReactNode }) {
  return isDone ? (
    <Alert color="teal.9" variant="light" role="status" title="Imported" styles={READABLE_TITLE}>
      {children}
    </Alert>
  ) : (
    <Alert color="teal.9" variant="light" title="The file is clean" styles={READABLE_TITLE}>
      {children}
    </Alert>
  );
}
