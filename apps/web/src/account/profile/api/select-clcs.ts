import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { selectClcsSchema } from '@lantern/contracts/profile';
import { apiRequest } from '../../../lib/api-client';

export type SelectClcsInput = z.infer<typeof selectClcsSchema>;

export const selectClcs = async ({ clcIds }: SelectClcsInput): Promise<void> => {
  await apiRequest('/api/en/profile/clcs', { method: 'POST', body: { clcIds } });
};

/** The CLCs narrow every list, so everything is loaded again. */
export function useSelectClcs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectClcs,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
