import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runResultSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

export const runDropoutEvaluation = (ref: ProgrammeRef) =>
  apiFetch(`${dropoutPath(ref)}/run`, { method: 'POST', schema: runResultSchema });

/** Evaluates now; the items' counts and the flags are read again. */
export function useRunDropoutEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDropoutEvaluation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['dropout-items'] });
      await queryClient.invalidateQueries({ queryKey: ['dropout-flags'] });
    },
  });
}
