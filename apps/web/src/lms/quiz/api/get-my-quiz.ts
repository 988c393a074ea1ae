import { queryOptions, useQuery } from '@tanstack/react-query';
import { myQuizSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A quiz's card for its learner: session, attempts used and left, results, why not now. */
export const getMyQuiz = (itemId: number) =>
  apiFetch(`/api/en/lms/quiz/${itemId}/my-quiz`, { schema: myQuizSchema });

export const myQuizQueryOptions = (itemId: number) =>
  queryOptions({ queryKey: ['lms', 'quiz', itemId, 'mine'], queryFn: () => getMyQuiz(itemId) });

export const useMyQuiz = (itemId: number) => useQuery(myQuizQueryOptions(itemId));
