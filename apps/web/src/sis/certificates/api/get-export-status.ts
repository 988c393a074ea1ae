import { queryOptions, useQuery } from '@tanstack/react-query';
import { certificateExportStatusSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1000;

export const getExportStatus = (jobId: string) =>
  apiFetch(`/api/en/certificate-exports/${jobId}`, { schema: certificateExportStatusSchema });

export const exportStatusQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['certificates', 'export', jobId],
    queryFn: () => getExportStatus(jobId),
    // Asked again until the job has ended.
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : EXPORT_POLL_MS;
    },
  });

export const useExportStatus = (jobId: string) => useQuery(exportStatusQueryOptions(jobId));
