import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverrideInput } from '@lantern/contracts/quiz';
import { apiRequest } from '../../../lib/api-client';

/** Grants a learner extra time, extra attempts or a later close (a reason is required). */
export const saveOverride = (input: {
  sessionId: number;
  studentId: number;
  data: OverrideInput;
}) =>
  apiRequest(`/api/en/lms/quiz-session/${input.sessionId}/overrides/${input.studentId}`, {
    method: 'PUT',
    body: input.data,
  });

/** Takes a learner's override away. */
export const deleteOverride = (input: { sessionId: number; studentId: number; version: number }) =>
  apiRequest(`/api/en/lms/quiz-session/${input.sessionId}/overrides/${input.studentId}`, {
    method: 'DELETE',
    query: { version: input.version },
  });

export function useSaveOverride(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'quiz', itemId] }),
  });
}

export function useDeleteOverride(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'quiz', itemId] }),
  });
}
