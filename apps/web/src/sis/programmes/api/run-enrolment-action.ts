import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EnrolmentActionType } from '@lantern/contracts/enrolment-rights';
import {
  PROGRAMME_TYPE_PATHS,
  enrolmentActionResultSchema,
  type enrolmentActionInputSchema,
} from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { kebab } from '../kebab';

export type EnrolmentActionInput = z.input<typeof enrolmentActionInputSchema>;
export type RunEnrolmentActionInput = {
  programmeId: number;
  input: EnrolmentActionInput;
  /** A bachelor's student status goes through its own routes and rights (decision 0022). */
  programmeType?: EnrolmentActionType | undefined;
};

/** One action on a selection: the allowed moves happen, the refused ones come back with why. */
export const runEnrolmentAction = ({
  programmeId,
  input,
  programmeType,
}: RunEnrolmentActionInput) =>
  apiFetch(
    `/api/en/programme/${PROGRAMME_TYPE_PATHS[programmeType ?? 'professional']}/${programmeId}/students/actions/${kebab(input.action)}`,
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
