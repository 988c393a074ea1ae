import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classroomSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** CLASSROOM_STUDENT__EDIT: one student leaves the classroom; their course stays. */
export const unseatStudent = (input: {
  programmeId: number;
  classId: number;
  studentCourseId: number;
}) =>
  apiFetch(
    `${bachelorApi(input.programmeId)}/classrooms/${input.classId}/students/${input.studentCourseId}`,
    { method: 'DELETE', schema: classroomSchema },
  );

export function useUnseatStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unseatStudent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
