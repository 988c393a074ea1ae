import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { followUpSchema, type followUpInputSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';

type Input = { followUpId: number; data: z.input<typeof followUpInputSchema> };

export const recordFollowUp = ({ followUpId, data }: Input) =>
  apiFetch(`/api/en/dropout-follow-up/${followUpId}`, {
    method: 'PUT',
    body: data,
    schema: followUpSchema,
  });

export function useRecordFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordFollowUp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dropout-flags'] }),
        queryClient.invalidateQueries({ queryKey: ['dropout-follow-ups'] }),
      ]),
  });
}
