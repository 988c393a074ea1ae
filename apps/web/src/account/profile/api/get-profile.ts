import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@lantern/contracts/profile';
import { apiFetch } from '../../../lib/api-client';

export const getProfile = (): Promise<Profile> =>
  apiFetch('/api/en/profile', { schema: profileSchema });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
