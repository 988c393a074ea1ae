import { useMutation, useQueryClient } from '@tanstack/react-query';
import { programmeSchema, type ProgrammeInput } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { invalidateMenu } from '../../../lib/base-data';

export const createProgramme = (data: ProgrammeInput) =>
  apiFetch('/api/en/programme/professional-certificate', {
    method: 'POST',
    body: data,
    schema: programmeSchema,
  });

export function useCreateProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgramme,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['programmes'] }),
        invalidateMenu(queryClient),
      ]),
  });
}
