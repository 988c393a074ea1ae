import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationLevel } from '@lantern/contracts/bachelor';
import { approvedSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export type Approval = {
  level: VerificationLevel;
  termKey: string;
  hash: string;
  clcId: number | null;
};

/** Approves a term (or one CLC of it) at a level, signing the hash the approver saw. */
export const approveVerification = (id: number, a: Approval) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/approve-${a.level.toLowerCase()}`, {
    method: 'POST',
    body:
      a.level === 'CLC'
        ? { termKey: a.termKey, hash: a.hash, clcId: a.clcId }
        : { termKey: a.termKey, hash: a.hash },
    schema: approvedSchema,
  });

export function useApproveVerification(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Approval) => approveVerification(id, a),
    // Approved or refused (the grades moved): either way the page reloads the term.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'verification'] }),
  });
}
