import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gradeSchema } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** Publishes an attempt's draft grade; its comment reaches the learner. */
export const publishGrade = ({
  submissionId,
  version,
}: {
  submissionId: number;
  version: number;
}) =>
  apiFetch(`/api/en/lms/submission/${submissionId}/grade/publish`, {
    method: 'POST',
    body: { version },
    schema: gradeSchema,
  });

export function usePublishGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishGrade,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['teaching'] }),
  });
}
