import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  enrolmentActionResultSchema,
  type enrolmentActionInputSchema,
} from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { kebab } from '../kebab';

export type EnrolmentActionInput = z.input<typeof enrolmentActionInputSchema>;
export type RunEnrolmentActionInput = { programmeId: number; input: EnrolmentActionInput };

/** One action on a selection: the allowed moves happen, the refused ones come back with why. */
export const runEnrolmentAction = ({ programmeId, input }: RunEnrolmentActionInput) =>
  apiFetch(
    `/api/en/programme/professional-certificate/${programmeId}/students/actions/${kebab(input.action)}`,
    {
      method: 'POST',
      body: input,
      schema: enrolmentActionResultSchema,
    },
  );

export function useRunEnrolmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runEnrolmentAction,
    // The students' states and the programme's counts by state both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
