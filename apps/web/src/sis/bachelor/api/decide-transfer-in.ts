import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

export type TransferDecision =
  | { action: 'approve'; transferId: number; version: number }
  | { action: 'reject'; transferId: number; version: number; reason: string };

export const decideTransferIn = (id: number, { action, transferId, ...body }: TransferDecision) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-in/${transferId}/${action}`, {
    method: 'POST',
    body,
    schema: transferSchema,
  });

/** Approve (the ledger gets the entry) or reject (with a reason) a proposed transfer in. */
export function useDecideTransferIn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TransferDecision) => decideTransferIn(id, decision),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'transfers'] });
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'credits'] });
    },
  });
}
