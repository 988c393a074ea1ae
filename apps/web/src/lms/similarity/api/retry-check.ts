import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkSummarySchema, recheckResultSchema } from '@lantern/contracts/similarity';
import { apiFetch } from '../../../lib/api-client';

/** Checks one work again. */
export const retryCheck = (checkId: number) =>
  apiFetch(`/api/en/lms/similarity-check/${checkId}/retry`, {
    method: 'POST',
    schema: checkSummarySchema,
  });

/** Checks every learner's latest work on a task again. */
export const recheckTask = (itemId: number) =>
  apiFetch(`/api/en/lms/task/${itemId}/similarity/recheck`, {
    method: 'POST',
    schema: recheckResultSchema,
  });

export function useRetryCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCheck,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['similarity'] }),
  });
}

export function useRecheckTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['similarity'] }),
  });
}
