import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gradeBookAsOfSchema } from '@lantern/contracts/ledger';
import { apiFetch } from '../../../lib/api-client';

/** A class's published grade book as its learners saw it at `at` (an ISO time). */
export const getGradeBookAsOf = (courseId: number, classId: number, at: string) =>
  apiFetch(`/api/en/lms/course/${courseId}/grade-book/as-of`, {
    query: { classId, at },
    schema: gradeBookAsOfSchema,
  });

export const useGradeBookAsOf = (courseId: number, classId: number, at: string) =>
  useQuery({
    queryKey: ['grade-book-as-of', courseId, classId, at],
    queryFn: () => getGradeBookAsOf(courseId, classId, at),
    placeholderData: keepPreviousData,
  });
