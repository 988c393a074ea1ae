import { queryOptions, useQuery } from '@tanstack/react-query';
import { wbtAttemptDetailSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/**
 * The training attempt a hand-in came from, as the grade page shows it: the summary, each SCO
 * and the interactions. The grade page knows the submission, not the attempt.
 */
export const getWbtAttempt = (submissionId: number) =>
  apiFetch(`/api/en/lms/submission/${submissionId}/wbt-attempt`, {
    schema: wbtAttemptDetailSchema,
  });

export const wbtAttemptQueryOptions = (submissionId: number) =>
  queryOptions({
    queryKey: ['lms', 'wbt', 'submission-attempt', submissionId],
    queryFn: () => getWbtAttempt(submissionId),
  });

export const useWbtAttempt = (submissionId: number) =>
  useQuery(wbtAttemptQueryOptions(submissionId));
