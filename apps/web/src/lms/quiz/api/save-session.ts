import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quizSessionSchema,
  type QuizSessionInput,
  type QuizSessionUpdate,
} from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

type SaveSession =
  | { itemId: number; sessionId: null; data: QuizSessionInput }
  | { itemId: number; sessionId: number; data: QuizSessionUpdate };

/** Adds a class's own session, or edits one (with the version read). */
export const saveSession = (input: SaveSession) =>
  input.sessionId === null
    ? apiFetch(`/api/en/lms/quiz/${input.itemId}/sessions`, {
        method: 'POST',
        body: input.data,
        schema: quizSessionSchema,
      })
    : apiFetch(`/api/en/lms/quiz-session/${input.sessionId}`, {
        method: 'PATCH',
        body: input.data,
        schema: quizSessionSchema,
      });

export function useSaveSession(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'quiz', itemId] }),
  });
}
