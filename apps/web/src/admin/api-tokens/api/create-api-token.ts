import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  apiTokenCreatedSchema,
  type apiTokenInputSchema,
} from '@lantern/contracts/bachelor-integration';
import { apiFetch } from '../../../lib/api-client';

/** Creates a token; the answer holds it in clear, this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: z.output<typeof apiTokenInputSchema>) =>
      apiFetch('/api/en/api-tokens', {
        method: 'POST',
        body: { ...data },
        schema: apiTokenCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-tokens', 'list'] }),
  });
}
