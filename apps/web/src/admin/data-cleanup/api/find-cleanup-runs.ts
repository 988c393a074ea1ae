import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cleanupRunPageSchema } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

export type FindCleanupRunsParams = { page: number; limit: number };

export const findCleanupRuns = ({ page, limit }: FindCleanupRunsParams) =>
  apiFetch('/api/en/data-cleanup/runs', { query: { page, limit }, schema: cleanupRunPageSchema });

export const cleanupRunsQueryOptions = (params: FindCleanupRunsParams) =>
  queryOptions({
    queryKey: ['data-cleanup', 'runs', params],
    queryFn: () => findCleanupRuns(params),
    placeholderData: keepPreviousData,
  });

export const useCleanupRuns = (params: FindCleanupRunsParams) =>
  useQuery(cleanupRunsQueryOptions(params));
