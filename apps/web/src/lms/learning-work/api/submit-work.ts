import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attemptSchema, type SubmitInput } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** Hands in the saved draft (the same clientId again answers the stored result). */
export const submitWork = (itemId: number, input: SubmitInput) =>
  apiFetch(`/api/en/lms/task/${itemId}/submit`, {
    method: 'POST',
    body: input,
    schema: attemptSchema,
  });

export function useSubmitWork(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => submitWork(itemId, input),
    // A refusal changes nothing on the server; only a hand-in refreshes the lms pages.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms'] }),
  });
}
