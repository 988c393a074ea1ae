import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { wbtListSchema, type WbtListQuery } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** Every training (WBT_ALL), by title, a page at a time. */
export const findWbts = (query: WbtListQuery) =>
  apiFetch('/api/en/lms/wbts', { query, schema: wbtListSchema });

export const wbtsQueryOptions = (query: Omit<WbtListQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: ['lms', 'wbts', query],
    queryFn: ({ pageParam }) => findWbts({ ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useWbts = (query: Omit<WbtListQuery, 'cursor'>) =>
  useInfiniteQuery(wbtsQueryOptions(query));
