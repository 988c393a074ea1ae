import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { termListSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export const getTerms = (programmeId: number, year: number) =>
  apiFetch(`${bachelorApi(programmeId)}/terms`, { query: { year }, schema: termListSchema });

export const termsQueryOptions = (programmeId: number, year: number) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'terms', year],
    queryFn: () => getTerms(programmeId, year),
    placeholderData: keepPreviousData,
  });

export const useTerms = (programmeId: number, year: number) =>
  useQuery(termsQueryOptions(programmeId, year));
