import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERSION_CHECK_INTERVAL_MS } from '@lantern/contracts/constants';
import { versionSchema } from '@lantern/contracts/current-user';
import { apiFetch } from '../../../lib/api-client';

export const getCurrentVersion = () =>
  apiFetch('/api/get-current-version', { schema: versionSchema });

export const currentVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['current-version'],
    queryFn: getCurrentVersion,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

export const useCurrentVersion = () => useQuery(currentVersionQueryOptions());
