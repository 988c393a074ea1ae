import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferSchema, type TransferOutInput } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

export const transferOut = (id: number, body: TransferOutInput) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-out`, {
    method: 'POST',
    body,
    schema: transferSchema,
  });

/** Mark a student transferred out: their progress leaves with them. */
export function useTransferOut(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferOutInput) => transferOut(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'transfers'] });
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'credits'] });
    },
  });
}
