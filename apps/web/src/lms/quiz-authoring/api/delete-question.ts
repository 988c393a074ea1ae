import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Removes a question from its bank (attempts that drew it keep their version). */
export const deleteQuestion = ({ questionId, version }: { questionId: number; version: number }) =>
  apiRequest(`/api/en/lms/question/${questionId}`, { method: 'DELETE', query: { version } });

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'question-banks'] }),
  });
}
