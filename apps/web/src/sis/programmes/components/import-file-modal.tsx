import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  ImportFlow,
  type FileImportReport,
  type ImportRequest,
} from '../../../components/import-flow';
import { CLOSE_LABEL } from '../../../lib/a11y';

export { IMPORT_FILE_ACCEPT, ImportSummaryAlert } from '../../../components/import-flow';

/** What every import of a programme's file sends. */
export type ImportFileInput = { programmeId: number } & ImportRequest;

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

/** A programme's file import in a modal: the shared ImportFlow (closing starts afresh). */
export function ImportFileModal<R extends FileImportReport>({
  programmeId,
  run,
  title,
  opened,
  onClose,
  ...flow
}: ImportFileModalProps<R>) {
  return (
    <Modal closeButtonProps={CLOSE_LABEL} opened={opened} onClose={onClose} title={title} size="xl">
      {/* Mounted only while open, so a new opening starts with no file and no report. */}
      {opened ? <ImportFlow run={run} input={{ programmeId }} onClose={onClose} {...flow} /> : null}
    </Modal>
  );
}
