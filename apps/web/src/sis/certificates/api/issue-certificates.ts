import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrolmentActionResultSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export type IssueCertificatesInput = { programmeId: number; enrolmentIds?: number[] };

/** Issues to the selected passed students (none: every passed one without a certificate). */
export const issueCertificates = ({ programmeId, enrolmentIds }: IssueCertificatesInput) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/certificates`, {
    method: 'POST',
    body: enrolmentIds ? { enrolmentIds } : {},
    schema: enrolmentActionResultSchema,
  });

export function useIssueCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCertificates,
    // The list here, and the programme's certificate count on its overview.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['certificates'] }),
        queryClient.invalidateQueries({ queryKey: ['programmes'] }),
      ]),
  });
}
