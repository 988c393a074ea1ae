import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { topicsPageSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** A forum's topics, 25 a page, pinned first. */
export const getTopics = (forumId: number, classId: number | null, after: string | null) =>
  apiFetch(`/api/en/lms/forum/${forumId}/topics`, {
    query: { ...(classId ? { classId } : {}), ...(after ? { after } : {}) },
    schema: topicsPageSchema,
  });

export const topicsQueryOptions = (forumId: number, classId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['discussions', 'forum', forumId, classId],
    queryFn: ({ pageParam }) => getTopics(forumId, classId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useTopics = (forumId: number, classId: number | null) =>
  useInfiniteQuery(topicsQueryOptions(forumId, classId));
