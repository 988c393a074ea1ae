import { useInfiniteQuery } from '@tanstack/react-query';
import { queuePageSchema, type QueueQuery } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

type Filter = Omit<Partial<QueueQuery>, 'cursor'>;

/** The course's attempts waiting for a grade, oldest first, 50 at a time. */
export const getGradingQueue = (courseId: number, query: Partial<QueueQuery>) =>
  apiFetch(`/api/en/lms/course/${courseId}/grading-queue`, { query, schema: queuePageSchema });

export const useGradingQueue = (courseId: number | null, filter: Filter) =>
  useInfiniteQuery({
    queryKey: ['teaching', 'queue', courseId, filter],
    queryFn: ({ pageParam }) =>
      getGradingQueue(courseId ?? 0, { ...filter, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: courseId !== null,
  });
