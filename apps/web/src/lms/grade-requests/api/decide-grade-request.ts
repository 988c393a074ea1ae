import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gradeRequestDetailSchema } from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';
import { gradeRequestQueryOptions } from './get-grade-request';

export type Decision =
  | { action: 'approve'; id: number; version: number; note?: string | undefined }
  | { action: 'decline'; id: number; version: number; note: string }
  | { action: 'withdraw'; id: number; version: number };

export const decideGradeRequest = ({ action, id, ...body }: Decision) =>
  apiFetch(`/api/en/lms/grade-request/${id}/${action}`, {
    method: 'POST',
    body,
    schema: gradeRequestDetailSchema,
  });

/** Approve, decline or withdraw: the answer is the request as it now is; the queues, the grade
 * pages and the bell reload (an approval changes a grade and notifies). */
export function useDecideGradeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideGradeRequest,
    onSuccess: (detail) => {
      queryClient.setQueryData(gradeRequestQueryOptions(detail.request.id).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: ['grade-requests', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['grade-requests', 'open'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      void queryClient.invalidateQueries({ queryKey: ['teaching'] });
    },
  });
}
