import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clcPageSchema } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';

export type FindClcsQuery = Record<string, string | number>;

export const findClcs = (query: FindClcsQuery) =>
  apiFetch('/api/en/clc-partner', { query, schema: clcPageSchema });

export const clcsQueryOptions = (query: FindClcsQuery) =>
  queryOptions({
    queryKey: ['clc-partners', 'list', query],
    queryFn: () => findClcs(query),
    placeholderData: keepPreviousData,
  });

export const useClcs = (query: FindClcsQuery) => useQuery(clcsQueryOptions(query));
