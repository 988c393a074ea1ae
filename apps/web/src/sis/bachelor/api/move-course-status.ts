import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentCourseSchema, type StatusMove } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** One course-status move of COURSE_STATUS_ACTIONS, at the row's version. */
export const moveCourseStatus = (input: {
  programmeId: number;
  studentCourseId: number;
  data: StatusMove;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/student-courses/${input.studentCourseId}/status`, {
    method: 'POST',
    body: input.data,
    schema: studentCourseSchema,
  });

export function useMoveCourseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCourseStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
