import { queryOptions, useQuery } from '@tanstack/react-query';
import { wbtAttemptDetailSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** One attempt as the grade page shows it: the summary, each SCO and the interactions. */
export const getWbtAttempt = (attemptId: number) =>
  apiFetch(`/api/en/lms/wbt-attempt/${attemptId}`, { schema: wbtAttemptDetailSchema });

export const wbtAttemptQueryOptions = (attemptId: number) =>
  queryOptions({
    queryKey: ['lms', 'wbt', 'attempt', attemptId],
    queryFn: () => getWbtAttempt(attemptId),
  });

export const useWbtAttempt = (attemptId: number | null) =>
  useQuery({ ...wbtAttemptQueryOptions(attemptId ?? 0), enabled: attemptId !== null });
