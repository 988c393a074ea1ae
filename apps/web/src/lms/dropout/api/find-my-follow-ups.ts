import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { followUpListSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';

/** The follow-ups list's query (search, filters, sort, page: lib/list-state's listQuery), or
 * one flag's follow-up (a notification's link). */
export type FollowUpFilter =
  { flagId: number } | { flagId: null; query: Record<string, string | number> };

/** The follow-ups the user is responsible for (a page of the list), or one flag's. */
export const myFollowUpsQueryOptions = (filter: FollowUpFilter) =>
  queryOptions({
    queryKey: ['dropout-follow-ups', filter],
    queryFn: () =>
      apiFetch('/api/en/dropout-follow-ups', {
        query: filter.flagId === null ? filter.query : { flagId: filter.flagId },
        schema: followUpListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const useMyFollowUps = (filter: FollowUpFilter) => useQuery(myFollowUpsQueryOptions(filter));
