import { useInfiniteQuery } from '@tanstack/react-query';
import { gradeHistoryPageSchema } from '@lantern/contracts/ledger';
import { apiFetch } from '../../../lib/api-client';

/** One page of one's own grade changes that touched a published grade, newest first. */
export const getMyGradeHistory = (courseId?: number, before?: number) =>
  apiFetch('/api/en/lms/my-grade-history', {
    query: { courseId: courseId ?? null, before: before ?? null },
    schema: gradeHistoryPageSchema,
  });

export const useMyGradeHistory = (courseId?: number) =>
  useInfiniteQuery({
    queryKey: ['my-grade-history', courseId ?? null],
    queryFn: ({ pageParam }) => getMyGradeHistory(courseId, pageParam ?? undefined),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });
