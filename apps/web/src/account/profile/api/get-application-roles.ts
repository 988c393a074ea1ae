import { queryOptions, useQuery } from '@tanstack/react-query';
import { userApplicationRolesSchema } from '@lantern/contracts/profile';
import { apiFetch } from '../../../lib/api-client';

export const getApplicationRoles = () =>
  apiFetch('/api/en/profile/userApplicationRoles', { schema: userApplicationRolesSchema });

export const applicationRolesQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'application-roles'], queryFn: getApplicationRoles });

export const useApplicationRoles = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...applicationRolesQueryOptions(), enabled });
