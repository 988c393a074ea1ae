import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clcSchema, type ClcInput } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';
import { clcQueryOptions } from './get-clc';

export type UpdateClcInput = { id: number; version: number; data: ClcInput };

export const updateClc = ({ id, version, data }: UpdateClcInput) =>
  apiFetch(`/api/en/clc-partner/${id}`, {
    method: 'PUT',
    body: { version, data },
    schema: clcSchema,
  });

export function useUpdateClc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClc,
    onSuccess: async (clc) => {
      queryClient.setQueryData(clcQueryOptions(clc.id).queryKey, clc);
      await queryClient.invalidateQueries({ queryKey: ['clc-partners'] });
    },
  });
}
