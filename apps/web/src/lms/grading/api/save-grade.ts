import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gradeSchema, type GradeInput } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** Saves a draft grade or a return (an override on a published grade, with a reason). */
export const saveGrade = ({ submissionId, data }: { submissionId: number; data: GradeInput }) =>
  apiFetch(`/api/en/lms/submission/${submissionId}/grade`, {
    method: 'PUT',
    body: data,
    schema: gradeSchema,
  });

export function useSaveGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGrade,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['teaching'] }),
  });
}
