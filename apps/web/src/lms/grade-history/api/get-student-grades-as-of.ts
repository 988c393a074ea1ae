import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { studentGradesAsOfSchema } from '@lantern/contracts/ledger';
import { apiFetch } from '../../../lib/api-client';

/** A student's grades and course results as they stood at `at` (an ISO time). */
export const getStudentGradesAsOf = (studentId: number, at: string) =>
  apiFetch(`/api/en/lms/student/${studentId}/grades-as-of`, {
    query: { at },
    schema: studentGradesAsOfSchema,
  });

export const useStudentGradesAsOf = (studentId: number, at: string) =>
  useQuery({
    queryKey: ['grades-as-of', studentId, at],
    queryFn: () => getStudentGradesAsOf(studentId, at),
    placeholderData: keepPreviousData,
  });
