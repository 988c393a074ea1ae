import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clcSchema, type ClcInput } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';

export const createClc = (data: ClcInput) =>
  apiFetch('/api/en/clc-partner', { method: 'POST', body: data, schema: clcSchema });

export function useCreateClc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clc-partners'] }),
  });
}
