import { queryOptions, useQuery } from '@tanstack/react-query';
import { bachelorSummarySchema } from '@lantern/contracts/bachelor';
import { apiFetch } from '../../../lib/api-client';

export const getBachelor = (id: number) =>
  apiFetch(`/api/en/programme/bachelor/${id}`, { schema: bachelorSummarySchema });

export const bachelorQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['bachelor', id, 'summary'], queryFn: () => getBachelor(id) });

export const useBachelor = (id: number) => useQuery(bachelorQueryOptions(id));
