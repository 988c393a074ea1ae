import { queryOptions, useQuery } from '@tanstack/react-query';
import { clcSchema } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';

export const getClc = (id: number) => apiFetch(`/api/en/clc-partner/${id}`, { schema: clcSchema });

export const clcQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['clc-partners', 'one', id], queryFn: () => getClc(id) });

export const useClc = (id: number) => useQuery(clcQueryOptions(id));
