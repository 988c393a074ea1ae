import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myAttemptSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** Starts an attempt (the same clientId again, or one in progress, answers that attempt). */
export const startAttempt = (itemId: number, clientId: string) =>
  apiFetch(`/api/en/lms/quiz/${itemId}/attempts`, {
    method: 'POST',
    body: { clientId },
    schema: myAttemptSchema,
  });

export function useStartAttempt(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => startAttempt(itemId, clientId),
    onSuccess: (attempt) => {
      queryClient.setQueryData(['lms', 'quiz-attempt', attempt.id, 'mine'], attempt);
      return queryClient.invalidateQueries({ queryKey: ['lms', 'quiz', itemId] });
    },
  });
}
