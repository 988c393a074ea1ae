import { queryOptions, useQuery } from '@tanstack/react-query';
import { attemptReviewSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A finished attempt's review: marks and answers as far as the session's review allows. */
export const getReview = (attemptId: number) =>
  apiFetch(`/api/en/lms/quiz-attempt/${attemptId}/review`, { schema: attemptReviewSchema });

export const reviewQueryOptions = (attemptId: number) =>
  queryOptions({
    queryKey: ['lms', 'quiz-attempt', attemptId, 'review'],
    queryFn: () => getReview(attemptId),
  });

export const useReview = (attemptId: number) => useQuery(reviewQueryOptions(attemptId));
