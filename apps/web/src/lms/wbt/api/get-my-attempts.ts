import { queryOptions, useQuery } from '@tanstack/react-query';
import { wbtMyAttemptsSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** The learner's attempts at a training and whether a new one may start. */
export const getMyAttempts = (itemId: number) =>
  apiFetch(`/api/en/lms/wbt/${itemId}/my-attempts`, { schema: wbtMyAttemptsSchema });

export const myAttemptsQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['lms', 'wbt', 'my-attempts', itemId],
    queryFn: () => getMyAttempts(itemId),
  });

export const useMyAttempts = (itemId: number) => useQuery(myAttemptsQueryOptions(itemId));
