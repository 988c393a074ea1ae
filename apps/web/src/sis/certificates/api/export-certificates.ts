import { useMutation } from '@tanstack/react-query';
import {
  CERTIFICATE_DIRECT_EXPORT_LIMIT,
  certificateExportStatusSchema,
  type CertificateExportFormat,
  type CertificateExportStatus,
} from '@lantern/contracts/programme';
import { apiDownload, apiFetch } from '../../../lib/api-client';
import { configurationError } from '../../../lib/api-errors';
import { saveFile } from '../../../lib/save-file';

export type ExportCertificatesInput = {
  programmeId: number;
  format: CertificateExportFormat;
  /** The selected students; all of the programme's certificates when absent. */
  enrolmentIds?: number[];
  /** How many certificates the export covers, to choose between at once and a job. */
  count: number;
};

/** What came of an export: saved already, a report of failures, or a job to follow. */
export type ExportOutcome =
  | { kind: 'saved' }
  | { kind: 'report'; status: CertificateExportStatus }
  | { kind: 'job'; status: CertificateExportStatus };

/**
 * A few certificates come back at once as the file; when some fail the server answers with a
 * report instead (JSON), naming them with a link to what came out. More run as a job.
 */
export async function exportCertificates(input: ExportCertificatesInput): Promise<ExportOutcome> {
  const { programmeId, format, enrolmentIds } = input;
  if (input.count > CERTIFICATE_DIRECT_EXPORT_LIMIT) {
    const status = await apiFetch(
      `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      {
        method: 'POST',
        body: enrolmentIds ? { format, enrolmentIds } : { format },
        schema: certificateExportStatusSchema,
      },
    );
    return { kind: 'job', status };
  }
  const download = await apiDownload(
    `/api/en/programme/professional-certificate/${programmeId}/certificates/export/${format}`,
    {
      query: { enrolmentIds: enrolmentIds?.join(',') },
      fallbackName: `certificates.${format}`,
    },
  );
  if (download.blob.type.startsWith('application/json')) {
    const parsed = certificateExportStatusSchema.safeParse(JSON.parse(await download.blob.text()));
    if (!parsed.success) throw configurationError();
    return { kind: 'report', status: parsed.data };
  }
  saveFile(download);
  return { kind: 'saved' };
}

export const useExportCertificates = () => useMutation({ mutationFn: exportCertificates });
