import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const doneSchema = z.object({
  itemId: z.number().int(),
  done: z.boolean(),
  completedAt: z.string().nullable(),
});

/** Marks a resource done or not done (the learner's progress, interface 1 of issue 15). */
export const markDone = ({ itemId, done }: { itemId: number; done: boolean }) =>
  apiFetch(`/api/en/lms/item/${itemId}/done`, {
    method: done ? 'PUT' : 'DELETE',
    schema: doneSchema,
  });

export function useMarkDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['learning-content'] }),
  });
}
