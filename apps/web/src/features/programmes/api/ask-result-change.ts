import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gradeRequestSchema, type GradeRequestInput } from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';

/** Asks for a change of a final course result (decision 0021 §2.3): a second person decides it. */
export const askResultChange = (input: GradeRequestInput) =>
  apiFetch('/api/en/lms/grade-requests', {
    method: 'POST',
    body: input,
    schema: z.object({ request: gradeRequestSchema }).or(gradeRequestSchema),
  });

export function useAskResultChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askResultChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grade-requests'] }),
  });
}
