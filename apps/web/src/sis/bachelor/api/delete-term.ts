import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

export const deleteTerm = ({ programmeId, termId }: { programmeId: number; termId: number }) =>
  apiFetch(`${bachelorApi(programmeId)}/terms/${termId}`, { method: 'DELETE', schema: okSchema });

export function useDeleteTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTerm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor'] }),
  });
}
