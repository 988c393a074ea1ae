import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { gradeBookSchema, type GradeBookQuery } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

export type GradeBookFilter = Omit<Partial<GradeBookQuery>, 'cursor' | 'limit'>;

/** One page of the grade book (50 learners). */
export const getGradeBook = (courseId: number, query: Partial<GradeBookQuery>) =>
  apiFetch(`/api/en/lms/course/${courseId}/grade-book`, { query, schema: gradeBookSchema });

export const gradeBookKey = (courseId: number, filter: GradeBookFilter) => [
  'teaching',
  'grade-book',
  courseId,
  filter,
];

export const useGradeBook = (courseId: number, filter: GradeBookFilter) =>
  useInfiniteQuery({
    queryKey: gradeBookKey(courseId, filter),
    queryFn: ({ pageParam }) =>
      getGradeBook(courseId, { ...filter, limit: 50, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A filter change keeps the grid (and the field being typed in) until the new rows arrive.
    placeholderData: keepPreviousData,
  });
