import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionSchema, type QuestionInput, type QuestionUpdate } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

type SaveQuestion =
  | { bankId: number; questionId: null; data: QuestionInput }
  | { bankId: number; questionId: number; data: QuestionUpdate };

/** Adds a question to a bank or edits one (an edit writes a new version; attempts keep theirs). */
export const saveQuestion = (input: SaveQuestion) =>
  input.questionId === null
    ? apiFetch(`/api/en/lms/question-bank/${input.bankId}/questions`, {
        method: 'POST',
        body: input.data,
        schema: questionSchema,
      })
    : apiFetch(`/api/en/lms/question/${input.questionId}`, {
        method: 'PATCH',
        body: input.data,
        schema: questionSchema,
      });

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'question-banks'] }),
  });
}
