import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskPublishResultSchema } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** Publishes every draft grade of a task for a class. */
export const publishTask = ({ itemId, classId }: { itemId: number; classId: number }) =>
  apiFetch(`/api/en/lms/task/${itemId}/grades/publish`, {
    method: 'POST',
    body: { classId },
    schema: taskPublishResultSchema,
  });

export function usePublishTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['teaching'] }),
  });
}
