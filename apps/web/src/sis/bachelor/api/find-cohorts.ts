import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cohortPageSchema } from '@lantern/contracts/bachelor-cohorts';
import { apiFetch } from '../../../lib/api-client';

export type FindCohortsQuery = Record<string, string | number>;

export const findCohorts = (programmeId: number, query: FindCohortsQuery) =>
  apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts`, {
    query,
    schema: cohortPageSchema,
  });

export const cohortsQueryOptions = (programmeId: number, query: FindCohortsQuery) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'cohorts', 'list', query],
    queryFn: () => findCohorts(programmeId, query),
    placeholderData: keepPreviousData,
  });

export const useCohorts = (programmeId: number, query: FindCohortsQuery) =>
  useQuery(cohortsQueryOptions(programmeId, query));
