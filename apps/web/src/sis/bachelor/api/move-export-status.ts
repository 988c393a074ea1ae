import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportMovedSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export type ExportStatusMove = { move: 'complete' | 'graduate'; enrolmentIds: number[] };

/** Marks the chosen students completed, or graduated (all or nothing). */
export const moveExportStatus = (id: number, m: ExportStatusMove) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/students/${m.move}`, {
    method: 'POST',
    body: { enrolmentIds: m.enrolmentIds },
    schema: exportMovedSchema,
  });

export function useMoveExportStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ExportStatusMove) => moveExportStatus(id, m),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'export-students'] }),
  });
}
