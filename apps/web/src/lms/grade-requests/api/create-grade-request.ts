import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { GradeRequestInput } from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';

// The contract leaves the create answer's shape open (the request, or its detail): only its id
// is needed here, to link to the new request.
const createdSchema = z.union([
  z.object({ request: z.object({ id: z.number().int() }) }).transform((d) => d.request),
  z.object({ id: z.number().int() }),
]);

export const createGradeRequest = (data: GradeRequestInput) =>
  apiFetch('/api/en/lms/grade-requests', { method: 'POST', body: data, schema: createdSchema });

/** Asks to undo or change a published grade; the queues and the grade's open request reload. */
export function useCreateGradeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGradeRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grade-requests'] }),
  });
}
