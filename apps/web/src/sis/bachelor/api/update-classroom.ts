import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { classroomSchema, type classroomUpdateSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** CLASSROOM__EDIT: a classroom's name and seats at the version seen (409 when stale). */
export const updateClassroom = (input: {
  programmeId: number;
  classId: number;
  data: z.output<typeof classroomUpdateSchema>;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/classrooms/${input.classId}`, {
    method: 'PUT',
    body: input.data,
    schema: classroomSchema,
  });

export function useUpdateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClassroom,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
