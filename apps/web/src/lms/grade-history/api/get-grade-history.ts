import { useInfiniteQuery } from '@tanstack/react-query';
import { gradeHistoryPageSchema } from '@lantern/contracts/ledger';
import { apiFetch } from '../../../lib/api-client';

/** One page (50) of a student's grade changes, newest first; `before` is the previous page's `next`. */
export const getGradeHistory = (studentId: number, courseId?: number, before?: number) =>
  apiFetch(`/api/en/lms/student/${studentId}/grade-history`, {
    query: { courseId: courseId ?? null, before: before ?? null },
    schema: gradeHistoryPageSchema,
  });

export const gradeHistoryKey = (studentId: number, courseId?: number) => [
  'grade-history',
  studentId,
  courseId ?? null,
];

export const useGradeHistory = (studentId: number, courseId?: number) =>
  useInfiniteQuery({
    queryKey: gradeHistoryKey(studentId, courseId),
    queryFn: ({ pageParam }) => getGradeHistory(studentId, courseId, pageParam ?? undefined),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });
