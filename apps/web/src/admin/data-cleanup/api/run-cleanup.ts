import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CleanupCriteria } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

const ranSchema = z.object({ id: z.number().int(), count: z.number().int() });

/** Removes the people of a finder, when they are still as many as the confirmation said. */
export const runCleanup = (input: CleanupCriteria & { expectedCount: number }) =>
  apiFetch('/api/en/data-cleanup', { method: 'POST', body: input, schema: ranSchema });

export function useRunCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCleanup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-cleanup'] }),
  });
}
