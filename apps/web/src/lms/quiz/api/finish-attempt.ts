import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finishResultSchema, type FinishInput } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** The last save and the finish in one; a finished attempt answers the same result again. */
export const finishAttempt = (attemptId: number, input: FinishInput) =>
  apiFetch(`/api/en/lms/quiz-attempt/${attemptId}/finish`, {
    method: 'POST',
    body: input,
    schema: finishResultSchema,
  });

export function useFinishAttempt(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinishInput) => finishAttempt(attemptId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms'] }),
  });
}
