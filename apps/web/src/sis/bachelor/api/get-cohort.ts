import { queryOptions, useQuery } from '@tanstack/react-query';
import { cohortSchema } from '@lantern/contracts/bachelor-cohorts';
import { apiFetch } from '../../../lib/api-client';

export const getCohort = (programmeId: number, cohortId: number) =>
  apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts/${cohortId}`, {
    schema: cohortSchema,
  });

export const cohortQueryOptions = (programmeId: number, cohortId: number) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'cohorts', cohortId],
    queryFn: () => getCohort(programmeId, cohortId),
  });

export const useCohort = (programmeId: number, cohortId: number) =>
  useQuery(cohortQueryOptions(programmeId, cohortId));
