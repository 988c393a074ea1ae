import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionSchema, type Question } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** One question as its authors edit it (right answers and feedback included). */
export const getQuestion = (questionId: number) =>
  apiFetch(`/api/en/lms/question/${questionId}`, { schema: questionSchema }) as Promise<Question>;

export const questionQueryOptions = (questionId: number) =>
  queryOptions({
    queryKey: ['lms', 'question-banks', 'question', questionId],
    queryFn: () => getQuestion(questionId),
  });

export const useQuestion = (questionId: number | null) =>
  useQuery({ ...questionQueryOptions(questionId ?? 0), enabled: questionId !== null });
