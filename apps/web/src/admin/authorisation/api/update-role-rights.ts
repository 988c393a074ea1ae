import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleRightsSavedSchema } from '@lantern/contracts/authorisation';
import { apiFetch } from '../../../lib/api-client';
import { BASE_DATA_KEY } from '../../../lib/base-data';
import { AUTHORISATION_KEY } from './get-authorisation';

export type UpdateRoleRightsInput = { key: string; version: number; rights: string[] };

/** Sets the rights a role holds, at the version the editor saw. */
export const updateRoleRights = ({ key, version, rights }: UpdateRoleRightsInput) =>
  apiFetch(`/api/en/authorisation/roles/${encodeURIComponent(key)}/rights`, {
    method: 'PUT',
    body: { version, rights },
    schema: roleRightsSavedSchema,
  });

export function useUpdateRoleRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoleRights,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: AUTHORISATION_KEY });
      // The editor may hold the role: their own rights and menu follow.
      await queryClient.invalidateQueries({ queryKey: BASE_DATA_KEY });
    },
  });
}
