import { useQuery } from '@tanstack/react-query';
import { similarityMatchDetailSchema } from '@lantern/contracts/similarity';
import { apiFetch } from '../../../lib/api-client';

type Target = { submissionId: number } | { checkId: number };

/** One match of a report: its passages, and the other work's text when in reach. */
export const getMatch = (target: Target, otherId: number) =>
  apiFetch(
    'checkId' in target
      ? `/api/en/lms/similarity-check/${target.checkId}/match/${otherId}`
      : `/api/en/lms/submission/${target.submissionId}/similarity/match/${otherId}`,
    { schema: similarityMatchDetailSchema },
  );

export const useMatch = (target: Target, otherId: number | null) =>
  useQuery({
    queryKey: ['similarity', 'match', target, otherId],
    queryFn: () => getMatch(target, otherId ?? 0),
    enabled: otherId !== null,
  });
