import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wbtAttemptSummarySchema, type WbtDoneInput } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** "Mark as done" for an HTML package that reports nothing itself. */
export const markWbtDone = (attemptId: number, input: WbtDoneInput) =>
  apiFetch(`/api/en/lms/wbt-attempt/${attemptId}/done`, {
    method: 'POST',
    body: input,
    schema: wbtAttemptSummarySchema,
  });

export function useMarkWbtDone(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WbtDoneInput) => markWbtDone(attemptId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms'] }),
  });
}
