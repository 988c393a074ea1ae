import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ForumCreate } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** An author opens the course's forum or a unit's. */
export const createForum = (courseId: number, input: ForumCreate) =>
  apiFetch(`/api/en/lms/course/${courseId}/forums`, {
    method: 'POST',
    body: input,
    schema: z.object({ id: z.number().int() }),
  });

export function useCreateForum(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForumCreate) => createForum(courseId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}
