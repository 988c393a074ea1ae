import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { breaksPath, studyBreaksSchema, type EnrolmentRef } from './get-study-breaks';

export const removeStudyBreak = ({ breakId, ...ref }: EnrolmentRef & { breakId: number }) =>
  apiFetch(`${breaksPath(ref)}/${breakId}`, { method: 'DELETE', schema: studyBreaksSchema });

export function useRemoveStudyBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStudyBreak,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
