import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placedSchema, type PlaceInput } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** Places active students in an offering; a full one answers 409 with a sentence. */
export const placeStudents = (input: {
  programmeId: number;
  offeringId: number;
  data: PlaceInput;
}) =>
  apiFetch(`${bachelorApi(input.programmeId)}/offerings/${input.offeringId}/students`, {
    method: 'POST',
    body: input.data,
    schema: placedSchema,
  });

export function usePlaceStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeStudents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
