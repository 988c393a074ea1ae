import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenSchema } from '@lantern/contracts/bachelor-integration';
import { apiFetch } from '../../../lib/api-client';

/** Revokes a token: it answers 401 from then on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) =>
      apiFetch(`/api/en/api-tokens/${tokenId}/revoke`, { method: 'POST', schema: apiTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-tokens', 'list'] }),
  });
}
