import { queryOptions, useQuery } from '@tanstack/react-query';
import { programmeResultsSchema } from '@lantern/contracts/results';
import { apiFetch } from '../../../lib/api-client';

export const getResults = (programmeId: number) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/results`, {
    schema: programmeResultsSchema,
  });

export const resultsQueryOptions = (programmeId: number) =>
  queryOptions({
    queryKey: ['programmes', 'results', programmeId],
    queryFn: () => getResults(programmeId),
  });

export const useResults = (programmeId: number) => useQuery(resultsQueryOptions(programmeId));
