import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizSessionSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** Opens a session now, or closes it now (attempts in progress are handed in within a minute). */
export const openCloseSession = (input: {
  sessionId: number;
  action: 'open' | 'close';
  version: number;
}) =>
  apiFetch(`/api/en/lms/quiz-session/${input.sessionId}/${input.action}`, {
    method: 'POST',
    body: { version: input.version },
    schema: quizSessionSchema,
  });

export function useOpenCloseSession(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openCloseSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'quiz', itemId] }),
  });
}
