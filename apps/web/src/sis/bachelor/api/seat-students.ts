import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placedSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** Seats students of the offering (and the classroom's CLC) in a classroom. */
export const seatStudents = (input: {
  programmeId: number;
  classId: number;
  studentCourseIds: number[];
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/classrooms/${input.classId}/students`, {
    method: 'POST',
    body: { studentCourseIds: input.studentCourseIds },
    schema: placedSchema,
  });

export function useSeatStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatStudents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
