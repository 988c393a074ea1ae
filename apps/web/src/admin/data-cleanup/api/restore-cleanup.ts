import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanupRestoreResultSchema } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

/** Brings the people of a run back, with their roles. */
export const restoreCleanup = (id: number) =>
  apiFetch(`/api/en/data-cleanup/${id}/restore`, {
    method: 'POST',
    schema: cleanupRestoreResultSchema,
  });

export function useRestoreCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCleanup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-cleanup'] }),
  });
}
