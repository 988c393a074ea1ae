import { queryOptions, useQuery } from '@tanstack/react-query';
import { myWorkSchema } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** A task as its learner sees it: own attempts, decisions, and why one cannot hand in now. */
export const getMyWork = (itemId: number) =>
  apiFetch(`/api/en/lms/task/${itemId}/my-work`, { schema: myWorkSchema });

export const myWorkQueryOptions = (itemId: number) =>
  queryOptions({ queryKey: ['lms', 'my-work', itemId], queryFn: () => getMyWork(itemId) });

export const useMyWork = (itemId: number) => useQuery(myWorkQueryOptions(itemId));
