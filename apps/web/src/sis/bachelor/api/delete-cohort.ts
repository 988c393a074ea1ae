import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';

/** Deletes a cohort; the server refuses (409) while it has students. */
export const deleteCohort = ({
  programmeId,
  cohortId,
}: {
  programmeId: number;
  cohortId: number;
}) =>
  apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts/${cohortId}`, {
    method: 'DELETE',
    schema: okSchema,
  });

export function useDeleteCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCohort,
    onSettled: (_ok, _error, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: ['bachelor', programmeId, 'cohorts'] }),
  });
}
