import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { followUpListSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';

export type FollowUpFilter = { status: 'open' | 'done'; page: number; flagId: number | null };

/** The follow-ups the user is responsible for (open or done, a page), or one flag's. */
export const myFollowUpsQueryOptions = (filter: FollowUpFilter) =>
  queryOptions({
    queryKey: ['dropout-follow-ups', filter],
    queryFn: () =>
      apiFetch('/api/en/dropout-follow-ups', {
        query:
          filter.flagId === null
            ? { status: filter.status, page: filter.page }
            : { flagId: filter.flagId },
        schema: followUpListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const useMyFollowUps = (filter: FollowUpFilter) => useQuery(myFollowUpsQueryOptions(filter));
