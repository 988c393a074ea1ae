import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const selectClcs = async ({ clcIds }: { clcIds: number[] }): Promise<void> => {
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
