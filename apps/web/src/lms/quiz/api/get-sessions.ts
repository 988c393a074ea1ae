import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizSessionsSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A quiz's sessions (item-wide and per class) with their overrides, for staff. */
export const getSessions = (itemId: number) =>
  apiFetch(`/api/en/lms/quiz/${itemId}/sessions`, { schema: quizSessionsSchema });

export const sessionsQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['lms', 'quiz', itemId, 'sessions'],
    queryFn: () => getSessions(itemId),
  });

export const useSessions = (itemId: number) => useQuery(sessionsQueryOptions(itemId));
