import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { studyBreakInputSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { breaksPath, studyBreaksSchema, type EnrolmentRef } from './get-study-breaks';

export type StudyBreakInput = z.output<typeof studyBreakInputSchema>;

/** Answers every break of the student, the new one included. */
export const addStudyBreak = ({ data, ...ref }: EnrolmentRef & { data: StudyBreakInput }) =>
  apiFetch(breaksPath(ref), { method: 'POST', body: data, schema: studyBreaksSchema });

export function useAddStudyBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStudyBreak,
    // The row's state and the programme's count of students on a break change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
