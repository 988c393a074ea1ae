import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export const removeOffering = (input: { programmeId: number; offeringId: number }) =>
  apiFetch(`${bachelorApi(input.programmeId)}/offerings/${input.offeringId}`, {
    method: 'DELETE',
    schema: okSchema,
  });

export function useRemoveOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOffering,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
