import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  offeringSchema,
  type InternshipInput,
  type OfferingInput,
} from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export type AddOfferingInput =
  | { programmeId: number; termId: number; kind: 'course'; data: OfferingInput }
  | { programmeId: number; termId: number; kind: 'internship'; data: InternshipInput };

/** Offers a course in a term, or adds an internship (create-internship). */
export const addOffering = (input: AddOfferingInput) =>
  apiFetch(
    `${bachelorApi(input.programmeId)}/terms/${input.termId}/${input.kind === 'course' ? 'offerings' : 'create-internship'}`,
    { method: 'POST', body: input.data, schema: offeringSchema },
  );

export function useAddOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOffering,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
