import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { distributeResultSchema, type distributeInputSchema } from '@lantern/contracts/classes';
import { apiFetch } from '../../../lib/api-client';

export type DistributeInput = z.output<typeof distributeInputSchema>;

/** Places each CLC's active students into classes of the size; answers what it did. */
export const distributeClasses = ({
  programmeId,
  data,
}: {
  programmeId: number;
  data: DistributeInput;
}) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes/distribute`, {
    method: 'POST',
    body: data,
    schema: distributeResultSchema,
  });

export function useDistributeClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: distributeClasses,
    // Classes, and each student's class in the students list, change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
