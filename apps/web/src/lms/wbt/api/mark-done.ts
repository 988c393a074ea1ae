import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wbtCommitResultSchema, type WbtDoneInput } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** "Mark as done" for an HTML package that reports nothing itself: the commit's result. */
export const markWbtDone = (attemptId: number, input: WbtDoneInput) =>
  apiFetch(`/api/en/lms/wbt-attempt/${attemptId}/done`, {
    method: 'POST',
    body: input,
    schema: wbtCommitResultSchema,
  });

export function useMarkWbtDone(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WbtDoneInput) => markWbtDone(attemptId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms'] }),
  });
}
