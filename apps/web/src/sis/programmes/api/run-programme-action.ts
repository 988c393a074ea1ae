import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgrammeAction } from '@lantern/contracts/programme';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMenu } from '../../../lib/base-data';
import { kebab } from '../kebab';

export type RunProgrammeActionInput = { id: number; action: ProgrammeAction; version: number };

/** One move of the programme's status machine; 409 with the server's sentence when refused. */
export const runProgrammeAction = ({ id, action, version }: RunProgrammeActionInput) =>
  apiRequest(`/api/en/programme/professional-certificate/${id}/actions/${kebab(action)}`, {
    method: 'POST',
    body: { version },
  });

export function useRunProgrammeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runProgrammeAction,
    // The answer is not relied on: the programme is read again, with its counts and history.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['programmes'] }),
        invalidateMenu(queryClient),
      ]),
  });
}
