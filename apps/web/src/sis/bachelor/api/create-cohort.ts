import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortSchema, type CohortInput } from '@lantern/contracts/bachelor-cohorts';
import { apiFetch } from '../../../lib/api-client';

export const createCohort = ({ programmeId, ...body }: CohortInput & { programmeId: number }) =>
  apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts`, {
    method: 'POST',
    body,
    schema: cohortSchema,
  });

export function useCreateCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCohort,
    onSuccess: (_cohort, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: ['bachelor', programmeId, 'cohorts'] }),
  });
}
