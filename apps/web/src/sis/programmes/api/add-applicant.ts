import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicantInputSchema } from '@lantern/contracts/programme';
import { apiRequest } from '../../../lib/api-client';

export type ApplicantInput = z.output<typeof applicantInputSchema>;
export type AddApplicantInput = { programmeId: number; data: ApplicantInput };

export const addApplicant = ({ programmeId, data }: AddApplicantInput) =>
  apiRequest(`/api/en/programme/professional-certificate/${programmeId}/applicants`, {
    method: 'POST',
    body: data,
  });

export function useAddApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApplicant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
