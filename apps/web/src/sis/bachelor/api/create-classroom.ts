import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classroomSchema, type ClassroomInput } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** A classroom of an offering at one of the programme's CLCs. */
export const createClassroom = (input: {
  programmeId: number;
  offeringId: number;
  data: ClassroomInput;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/offerings/${input.offeringId}/classrooms`, {
    method: 'POST',
    body: input.data,
    schema: classroomSchema,
  });

export function useCreateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassroom,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
