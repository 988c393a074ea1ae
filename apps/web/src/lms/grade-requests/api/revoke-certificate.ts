import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateRevokedSchema } from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';

/** Certificates are keyed by a uuid. */
type Input = { certificateId: string; reason: string };

export const revokeCertificate = ({ certificateId, reason }: Input) =>
  apiFetch(`/api/en/certificates/${certificateId}/revoke`, {
    method: 'POST',
    body: { reason },
    schema: certificateRevokedSchema,
  });

/** Revokes a certificate that shows an old result; the request page lists it as revoked then. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grade-requests', 'one'] }),
  });
}
