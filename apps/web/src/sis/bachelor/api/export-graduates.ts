import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportBatchSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export type GraduatesExport = { enrolmentIds?: number[] | undefined; format: 'csv' | 'xlsx' };

/** Exports completed students to the certifying university as one batch (its file is kept). */
export const exportGraduates = (id: number, e: GraduatesExport) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/batches`, {
    method: 'POST',
    body: e.enrolmentIds
      ? { enrolmentIds: e.enrolmentIds, format: e.format }
      : { format: e.format },
    schema: exportBatchSchema,
  });

export function useExportGraduates(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: GraduatesExport) => exportGraduates(id, e),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'export-students'] });
      await queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'export-batches'] });
    },
  });
}
