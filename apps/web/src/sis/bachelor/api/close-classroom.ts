import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classroomSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** CLASSROOM__CLOSE: the classroom moves to past-classrooms/closed. */
export const closeClassroom = (input: { programmeId: number; classId: number }) =>
  apiFetch(`${bachelorApi(input.programmeId)}/classrooms/${input.classId}/close`, {
    method: 'POST',
    schema: classroomSchema,
  });

export function useCloseClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeClassroom,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
