import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortSchema, type CohortEdit } from '@lantern/contracts/bachelor-cohorts';
import { apiFetch } from '../../../lib/api-client';

/** Changes a cohort's code and intake term at the version seen (409 when changed meanwhile). */
export const updateCohort = ({
  programmeId,
  cohortId,
  ...body
}: CohortEdit & { programmeId: number; cohortId: number }) =>
  apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts/${cohortId}`, {
    method: 'PUT',
    body,
    schema: cohortSchema,
  });

export function useUpdateCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCohort,
    onSettled: (_cohort, _error, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: ['bachelor', programmeId, 'cohorts'] }),
  });
}
