import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeSummarySchema, type HomeSummary } from '@lantern/contracts/home';
import { apiFetch } from '../../../lib/api-client';

export const getHomeSummary = (): Promise<HomeSummary> =>
  apiFetch('/api/en/home/summary', { schema: homeSummarySchema });

export const homeSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['home', 'summary'], queryFn: getHomeSummary });

export const useHomeSummary = () => useQuery(homeSummaryQueryOptions());
