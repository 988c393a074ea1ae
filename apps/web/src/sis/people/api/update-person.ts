import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema, savedSchema, type PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

const updatedSchema = savedSchema(personSchema);

export type UpdatePersonInput = {
  kind: PersonKind;
  id: number;
  version: number;
  data: Record<string, unknown>;
};

/** Saves an edit at the version the editor saw; 409 STALE_VERSION when someone else saved first. */
export const updatePerson = ({ kind, id, version, data }: UpdatePersonInput) =>
  apiFetch(`/api/en/${kind}/${id}`, {
    method: 'PUT',
    body: { version, data },
    schema: updatedSchema,
  });

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (_saved, { kind }) => queryClient.invalidateQueries({ queryKey: ['people', kind] }),
  });
}
