import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { classesQueryOptions } from './get-classes';

/** Deletes an empty class; one with students is a 409 whose sentence says how many. */
export const deleteClass = ({ programmeId, classId }: { programmeId: number; classId: number }) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes/${classId}`, {
    method: 'DELETE',
    schema: okSchema,
  });

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClass,
    onSettled: (_ok, _error, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: classesQueryOptions(programmeId).queryKey }),
  });
}
