import { useMutation } from '@tanstack/react-query';
import { tryResultSchema, type QuizResponse } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** The author's preview: how the saved question scores a response. Nothing is stored. */
export const tryQuestion = ({
  questionId,
  response,
}: {
  questionId: number;
  response: QuizResponse;
}) =>
  apiFetch(`/api/en/lms/question/${questionId}/try`, {
    method: 'POST',
    body: { response },
    schema: tryResultSchema,
  });

export const useTryQuestion = () => useMutation({ mutationFn: tryQuestion });
