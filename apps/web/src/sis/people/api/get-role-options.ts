import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleOptionSchema } from '@lantern/contracts/grants';
import { apiFetch } from '../../../lib/api-client';

const roleOptionsSchema = z.array(roleOptionSchema);

export const getRoleOptions = () =>
  apiFetch('/api/en/roles/options', { schema: roleOptionsSchema });

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'options'], queryFn: getRoleOptions, staleTime: 300_000 });

export const useRoleOptions = (enabled = true) =>
  useQuery({ ...roleOptionsQueryOptions(), enabled });
