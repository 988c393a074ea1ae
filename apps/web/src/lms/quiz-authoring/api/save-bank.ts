import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankSchema, type BankInput, type BankUpdate } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

type SaveBank =
  | { courseId: number; bankId: null; data: BankInput }
  | { courseId: number; bankId: number; data: BankUpdate };

/** Adds a bank to a course, or renames one (with the version read). */
export const saveBank = (input: SaveBank) =>
  input.bankId === null
    ? apiFetch(`/api/en/lms/course/${input.courseId}/question-banks`, {
        method: 'POST',
        body: input.data,
        schema: bankSchema,
      })
    : apiFetch(`/api/en/lms/question-bank/${input.bankId}`, {
        method: 'PATCH',
        body: input.data,
        schema: bankSchema,
      });

export function useSaveBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'question-banks'] }),
  });
}
