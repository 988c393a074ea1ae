import { useMutation, useQueryClient } from '@tanstack/react-query';
import { termSchema, type TermInput, type TermUpdate } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export type SaveTermInput =
  | { programmeId: number; data: TermInput }
  | { programmeId: number; termId: number; data: TermUpdate };

/** Creates a term, or changes one at the version seen. */
export const saveTerm = (input: SaveTermInput) =>
  'termId' in input
    ? apiFetch(`${bachelorApi(input.programmeId)}/terms/${input.termId}`, {
        method: 'PUT',
        body: input.data,
        schema: termSchema,
      })
    : apiFetch(`${bachelorApi(input.programmeId)}/terms`, {
        method: 'POST',
        body: input.data,
        schema: termSchema,
      });

export function useSaveTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTerm,
    // The header's term list reads the terms too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
