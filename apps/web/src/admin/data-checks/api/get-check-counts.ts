import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataCheckCountsSchema } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

export const getCheckCounts = () =>
  apiFetch('/api/en/user-data-checker', { schema: dataCheckCountsSchema });

export const checkCountsQueryOptions = () =>
  queryOptions({ queryKey: ['data-checks', 'counts'], queryFn: getCheckCounts });

export const useCheckCounts = () => useQuery(checkCountsQueryOptions());
