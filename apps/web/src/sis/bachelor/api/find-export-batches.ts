import { useQuery } from '@tanstack/react-query';
import { exportBatchListSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export const findExportBatches = (id: number) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/batches`, {
    schema: exportBatchListSchema,
  });

/** The graduate export batches, newest first. */
export const useExportBatches = (id: number) =>
  useQuery({ queryKey: ['bachelor', id, 'export-batches'], queryFn: () => findExportBatches(id) });
