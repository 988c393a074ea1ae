import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffAttemptSchema, type MarksInput } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** Essays' points and comments; the draft grade follows the session's method. */
export const saveMarks = (attemptId: number, input: MarksInput) =>
  apiFetch(`/api/en/lms/quiz-attempt/${attemptId}/marks`, {
    method: 'PUT',
    body: input,
    schema: staffAttemptSchema,
  });

export function useSaveMarks(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { attemptId: number; data: MarksInput }) =>
      saveMarks(input.attemptId, input.data),
    // The grade panel and the grading queue read the draft grade the marks made.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['teaching', 'submission', submissionId] }),
        queryClient.invalidateQueries({ queryKey: ['lms'] }),
      ]),
  });
}
