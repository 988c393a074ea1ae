import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7: a form field `roles` holding a JSON list with exactly one role key. */
export const selectRole = async ({ role }: { role: string }): Promise<void> => {
  await apiRequest('/api/en/profile/rights-for-selected-roles', {
    method: 'POST',
    body: new URLSearchParams({ roles: JSON.stringify([role]) }),
  });
};

/** Rights change with the role, so everything the user sees is loaded again. */
export function useSelectRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectRole,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
