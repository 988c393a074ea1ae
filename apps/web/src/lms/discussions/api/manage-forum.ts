import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { forumSchema, type ForumUpdate } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** An author renames, closes or reopens a course or unit forum (the item's follows its item). */
export const updateForum = (forumId: number, input: ForumUpdate) =>
  apiFetch(`/api/en/lms/forum/${forumId}`, { method: 'PATCH', body: input, schema: forumSchema });

/** An author deletes a forum nobody has written in (the server refuses one with topics). */
export const deleteForum = (forumId: number) =>
  apiFetch(`/api/en/lms/forum/${forumId}`, { method: 'DELETE', schema: z.undefined() });

export function useUpdateForum(forumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForumUpdate) => updateForum(forumId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}

export function useDeleteForum(forumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteForum(forumId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}
