import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes a bank no quiz uses (409 IN_USE names the quiz that does). */
export const deleteBank = ({ bankId, version }: { bankId: number; version: number }) =>
  apiRequest(`/api/en/lms/question-bank/${bankId}`, { method: 'DELETE', query: { version } });

export function useDeleteBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'question-banks'] }),
  });
}
