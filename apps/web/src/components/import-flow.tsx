import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FileReading, ImportReadOptions } from '@lantern/contracts/programme';
import { displayError } from '../lib/errors';
import { READABLE_TITLE } from '../lib/a11y';
import { notifyFailure, notifySuccess, outcomeTexts } from '../lib/notify';
import { FailureAlert } from './failure-alert';
import { ImportProblemsTable } from './import-problems-table';
import { ImportPeopleTable, ImportReadingChoice } from './import-reading';

const IMPORT_TEXTS = outcomeTexts('Import done', 'The import was not done');

/** The files an import takes: CSV or XLSX, by extension or type. */
export const IMPORT_FILE_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** What every import answers: `dryRun` is true when nothing was written (a dry run, or a file
 * with problems). */
export type FileImportReport = {
  dryRun: boolean;
  problems: { row: number; column: string; message: string }[];
  /** How the file was read: its encoding, dates and people (shown in the dry run). */
  reading?: FileReading | undefined;
};

/** What every import request takes: the file, whether it is a dry run, and how to read it. */
export type ImportRequest = { file: File; dryRun: boolean } & ImportReadOptions;

/** The query of an import request: a dry run or not, and the reading the person chose. */
export const importQuery = ({ dryRun, encoding, dateOrder }: ImportRequest) => ({
  dryRun: String(dryRun),
  encoding,
  dateOrder,
});

export type ImportFlowProps<R extends FileImportReport, I extends object> = {
  /** The import's request; it gets `input` with the file, whether this is a dry run and how
   * the file is to be read. */
  run: UseMutationResult<R, Error, I & ImportRequest>;
  input: I;
  /** What the file holds, above the file input. */
  children: ReactNode;
  fileLabel: string;
  fileDescription: string;
  /** What a clean file does (its diff), or did once it is imported. */
  outcome: (report: R, isDone: boolean) => ReactNode;
  /** The import button of a clean file; null when the file has nothing to import. */
  importLabel: (report: R) => string | null;
  /** Cancel (before), Done (after). */
  onClose: () => void;
  closeLabel?: { cancel: string; done: string };
};

/**
 * The one import of a file, for every import of the application (applicants, results,
 * cohorts): choose a file → dry run → problems by row and column, fix and choose again until
 * clean → what the file does (the caller's diff view) → import → what it did. Nothing is written
 * until the whole file is right. The dry run says how the file was read (its encoding, which the
 * person may change, the order of its dates when the values cannot tell, and the people as they
 * will be written); a change checks the file again, and the import reads it the same way.
 */
export function ImportFlow<R extends FileImportReport, I extends object>({
  run,
  input,
  children,
  fileLabel,
  fileDescription,
  outcome,
  importLabel,
  onClose,
  closeLabel = { cancel: 'Cancel', done: 'Done' },
}: ImportFlowProps<R, I>) {
  const resetInput = useRef<() => void>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState<ImportReadOptions>({});

  const send = async (chosen: File, dryRun: boolean, options: ImportReadOptions = reading) => {
    setFailure(null);
    try {
      const answer = await run.mutateAsync({ ...input, ...options, file: chosen, dryRun });
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

  const hasProblems = report !== null && report.problems.length > 0;
  const isClean = report !== null && report.dryRun && !hasProblems;
  const isDone = report !== null && !report.dryRun && !hasProblems;
  const label = isClean ? importLabel(report) : null;

  return (
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
            // Another file is read afresh: what was chosen for the last one may not fit it.
            setReading({});
            // The same file may be chosen again after it was fixed.
            resetInput.current?.();
            if (chosen) void send(chosen, true, {});
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
      {report?.reading && file && !isDone ? (
        <ImportReadingChoice
          reading={report.reading}
          chosen={reading}
          disabled={run.isPending}
          onChange={(options) => {
            setReading(options);
            void send(file, true, options);
          }}
        />
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
      {isClean || isDone ? outcome(report, isDone) : null}
      {report?.reading && !isDone ? <ImportPeopleTable reading={report.reading} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {isDone ? closeLabel.done : closeLabel.cancel}
        </Button>
        {label !== null && file ? (
          <Button loading={run.isPending} onClick={() => void send(file, false)}>
            {label}
          </Button>
        ) : null}
      </Group>
    </Stack>
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
