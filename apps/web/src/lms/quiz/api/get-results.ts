import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionResultsSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A session's learners in the caller's reach, with their attempts, points and grade. */
export const getResults = (sessionId: number) =>
  apiFetch(`/api/en/lms/quiz-session/${sessionId}/results`, { schema: sessionResultsSchema });

export const resultsQueryOptions = (itemId: number, sessionId: number) =>
  queryOptions({
    queryKey: ['lms', 'quiz', itemId, 'results', sessionId],
    queryFn: () => getResults(sessionId),
  });

export const useResults = (itemId: number, sessionId: number | null) =>
  useQuery({ ...resultsQueryOptions(itemId, sessionId ?? 0), enabled: sessionId !== null });
