import { Text } from '@mantine/core';
import { APPLICANT_IMPORT_COLUMNS, type ImportReport } from '@lantern/contracts/programme';
import { useImportApplicants } from '../api/import-applicants';
import { ImportFileModal, ImportSummaryAlert } from './import-file-modal';

/** What a clean file does, or did: "12 rows: 8 new people, 3 matched, 1 already applied". */
export function importSummary(report: ImportReport): string {
  const rows = report.rows === 1 ? '1 row' : `${report.rows} rows`;
  return `${rows}: ${report.created} new ${report.created === 1 ? 'person' : 'people'}, ${report.matched} existing matched, ${report.alreadyApplied} already applied`;
}

type ImportApplicantsModalProps = { programmeId: number; opened: boolean; onClose: () => void };

/** Applicants from a file, matched by JWL-ID or created: see ImportFileModal. */
export function ImportApplicantsModal({
  programmeId,
  opened,
  onClose,
}: ImportApplicantsModalProps) {
  const run = useImportApplicants();
  return (
    <ImportFileModal
      programmeId={programmeId}
      run={run}
      title="Import applicants"
      opened={opened}
      onClose={onClose}
      fileLabel="Applicant file"
      fileDescription="The file is checked first; nothing is written until every row is right"
      outcome={(report, isDone) => (
        <ImportSummaryAlert isDone={isDone}>{importSummary(report)}.</ImportSummaryAlert>
      )}
      importLabel={(report) =>
        `Import ${report.rows === 1 ? '1 applicant' : `${report.rows} applicants`}`
      }
    >
      <Text size="sm">
        A CSV or XLSX file with one applicant a row and these columns, by header:{' '}
        <Text span size="sm" ff="monospace">
          {APPLICANT_IMPORT_COLUMNS.join(', ')}
        </Text>
        . A row with a JWL-ID is matched to that person; a row without one creates a new person, who
        gets an invitation when accepted.
      </Text>
    </ImportFileModal>
  );
}
