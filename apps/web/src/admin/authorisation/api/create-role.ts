import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleSchema, type RoleCreate } from '@lantern/contracts/authorisation';
import { apiFetch } from '../../../lib/api-client';
import { AUTHORISATION_KEY } from './get-authorisation';

export const createRole = (input: RoleCreate) =>
  apiFetch('/api/en/authorisation/roles', { method: 'POST', body: input, schema: roleSchema });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORISATION_KEY }),
  });
}
