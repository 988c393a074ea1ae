import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAttemptSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** An attempt being answered: its questions (no keys), saved answers, save number, deadline. */
export const getMyAttempt = (attemptId: number) =>
  apiFetch(`/api/en/lms/quiz-attempt/${attemptId}/mine`, { schema: myAttemptSchema });

export const myAttemptQueryOptions = (attemptId: number) =>
  queryOptions({
    queryKey: ['lms', 'quiz-attempt', attemptId, 'mine'],
    queryFn: () => getMyAttempt(attemptId),
    // The page keeps its own copy of the answers while it is open: a refetch would reset the
    // clock's reference and fight the autosave.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useMyAttempt = (attemptId: number) => useQuery(myAttemptQueryOptions(attemptId));
