import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferSchema, type TransferInInput } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

export const proposeTransferIn = (id: number, body: TransferInInput) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-in`, {
    method: 'POST',
    body,
    schema: transferSchema,
  });

/** Propose a transfer in: it waits on the approval page. */
export function useProposeTransferIn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferInInput) => proposeTransferIn(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'transfers'] });
    },
  });
}
