import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicInfoSchema } from '@lantern/contracts/current-user';
import { apiFetch } from './api-client';

/** The store's public info (spec §3): what public pages show before anyone signs in. */
export const getPublicInfo = () =>
  apiFetch('/public-api/1.0/public-info', { schema: publicInfoSchema, auth: false });

export const publicInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['public-info'],
    queryFn: getPublicInfo,
    // It changes only with a new release, which the version check reloads for.
    staleTime: Infinity,
    retry: 1,
  });

export const usePublicInfo = () => useQuery(publicInfoQueryOptions());
