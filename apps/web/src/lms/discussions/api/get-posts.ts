import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postsPageSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** A page of a thread: from the start, after a path, or around a post (`?post=`). */
export const getPosts = (topicId: number, page: { after?: string; around?: number }) =>
  apiFetch(`/api/en/lms/topic/${topicId}/posts`, { query: page, schema: postsPageSchema });

export const postsQueryKey = (topicId: number) => ['discussions', 'topic', topicId];

export const postsQueryOptions = (topicId: number, around: number | null) =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey(topicId), around],
    queryFn: ({ pageParam }) =>
      getPosts(topicId, pageParam === null ? (around ? { around } : {}) : { after: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const usePosts = (topicId: number, around: number | null) =>
  useInfiniteQuery(postsQueryOptions(topicId, around));
