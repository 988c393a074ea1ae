import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offeringSchema, type OfferingUpdate } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export const updateOffering = (input: {
  programmeId: number;
  offeringId: number;
  data: OfferingUpdate;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/offerings/${input.offeringId}`, {
    method: 'PUT',
    body: input.data,
    schema: offeringSchema,
  });

export function useUpdateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffering,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
