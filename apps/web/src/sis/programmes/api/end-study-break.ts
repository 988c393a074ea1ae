import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { breaksPath, studyBreaksSchema, type EnrolmentRef } from './get-study-breaks';

/** Ends a break early (the student is back today); one not yet begun is removed. */
export const endStudyBreak = ({ breakId, ...ref }: EnrolmentRef & { breakId: number }) =>
  apiFetch(`${breaksPath(ref)}/${breakId}/end`, { method: 'POST', schema: studyBreaksSchema });

export function useEndStudyBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStudyBreak,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
