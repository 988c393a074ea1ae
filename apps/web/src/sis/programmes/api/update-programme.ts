import { useMutation, useQueryClient } from '@tanstack/react-query';
import { programmeSchema, type ProgrammeInput } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { invalidateMenu } from '../../../lib/base-data';
import { programmeQueryOptions } from './get-programme';

export type UpdateProgrammeInput = { id: number; version: number; data: ProgrammeInput };

/** Saves an edit at the version the editor saw; 409 STALE_VERSION when someone else saved first.
 * The contract's update body is the input with the version beside its fields. */
export const updateProgramme = ({ id, version, data }: UpdateProgrammeInput) =>
  apiFetch(`/api/en/programme/professional-certificate/${id}`, {
    method: 'PUT',
    body: { ...data, version },
    schema: programmeSchema,
  });

export function useUpdateProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgramme,
    onSuccess: async (programme) => {
      queryClient.setQueryData(programmeQueryOptions(programme.id).queryKey, programme);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['programmes'] }),
        invalidateMenu(queryClient),
      ]);
    },
  });
}
