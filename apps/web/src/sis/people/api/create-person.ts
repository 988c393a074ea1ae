import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema, savedSchema, type PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

const createdSchema = savedSchema(personSchema);

export type CreatePersonInput = { kind: PersonKind; data: Record<string, unknown> };

/** Creates a person of a kind; answers the record and the warnings that did not stop the save. */
export const createPerson = ({ kind, data }: CreatePersonInput) =>
  apiFetch(`/api/en/${kind}`, { method: 'POST', body: data, schema: createdSchema });

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: (_saved, { kind }) => queryClient.invalidateQueries({ queryKey: ['people', kind] }),
  });
}
