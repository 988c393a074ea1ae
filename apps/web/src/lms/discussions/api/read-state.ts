import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  readResultSchema,
  subscriptionSchema,
  type ReadInput,
} from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** Marks posts read (or all); refreshes the counts but not the open thread. */
export const markRead = (topicId: number, input: ReadInput) =>
  apiFetch(`/api/en/lms/topic/${topicId}/read`, {
    method: 'PUT',
    body: input,
    schema: readResultSchema,
  });

export const setSubscribed = (topicId: number, subscribed: boolean) =>
  apiFetch(`/api/en/lms/topic/${topicId}/subscription`, {
    method: subscribed ? 'PUT' : 'DELETE',
    schema: subscriptionSchema,
  });

export function useMarkRead(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadInput) => markRead(topicId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['discussions', 'forum'] }),
        queryClient.invalidateQueries({ queryKey: ['discussions', 'course'] }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}

export function useSetSubscribed(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => setSubscribed(topicId, subscribed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}
