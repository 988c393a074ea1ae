import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { classroomSchema, type classroomStaffInputSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** CLASSROOM_STAFF__EDIT: the classroom's facilitators, faculty and assistants, set whole. */
export const setClassroomStaff = (input: {
  programmeId: number;
  classId: number;
  data: z.input<typeof classroomStaffInputSchema>;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/classrooms/${input.classId}/staff`, {
    method: 'PUT',
    body: input.data,
    schema: classroomSchema,
  });

export function useSetClassroomStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClassroomStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
