import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { moveResultSchema, type moveInputSchema } from '@lantern/contracts/classes';
import { apiFetch } from '../../../lib/api-client';

export type MoveInput = z.output<typeof moveInputSchema>;
export type MoveResult = z.infer<typeof moveResultSchema>;

/** Moves students into a class of their CLC (or out of every class, with null); a student of
 * another CLC comes back refused with the reason. */
export const moveStudents = ({ programmeId, data }: { programmeId: number; data: MoveInput }) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes/move`, {
    method: 'POST',
    body: data,
    schema: moveResultSchema,
  });

export function useMoveStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveStudents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
