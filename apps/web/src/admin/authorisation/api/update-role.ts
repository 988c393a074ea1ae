import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleSchema, type RoleUpdate } from '@lantern/contracts/authorisation';
import { apiFetch } from '../../../lib/api-client';
import { BASE_DATA_KEY } from '../../../lib/base-data';
import { AUTHORISATION_KEY } from './get-authorisation';

/** Relabels a role at the version the editor saw; 409 STALE_VERSION when someone saved first. */
export const updateRole = ({ currentKey, ...input }: RoleUpdate & { currentKey: string }) =>
  apiFetch(`/api/en/authorisation/roles/${encodeURIComponent(currentKey)}`, {
    method: 'PUT',
    body: input,
    schema: roleSchema,
  });

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: AUTHORISATION_KEY });
      // The role picker shows role labels.
      await queryClient.invalidateQueries({ queryKey: BASE_DATA_KEY });
    },
  });
}
