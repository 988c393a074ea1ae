import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentProgrammesSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

/** A student's programmes: state, class, CLC, study breaks and the history of each. */
export const getStudentProgrammes = (studentId: number) =>
  apiFetch(`/api/en/student/${studentId}/programmes`, { schema: studentProgrammesSchema });

export const studentProgrammesQueryOptions = (studentId: number) =>
  queryOptions({
    // Under 'programmes' too: an action on a programme's students refreshes this list.
    queryKey: ['programmes', 'of-student', studentId],
    queryFn: () => getStudentProgrammes(studentId),
  });

export const useStudentProgrammes = (studentId: number) =>
  useQuery(studentProgrammesQueryOptions(studentId));
