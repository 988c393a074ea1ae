import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { automaticMailsQueryOptions, mailsPath } from './find-automatic-mails';
import type { MailRef } from './get-automatic-mail';

export const deleteAutomaticMail = (ref: MailRef) =>
  apiFetch(`${mailsPath(ref)}/${ref.itemId}`, { method: 'DELETE', schema: okSchema });

export function useDeleteAutomaticMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomaticMail,
    onSuccess: (_ok, ref) =>
      queryClient.invalidateQueries({ queryKey: automaticMailsQueryOptions(ref).queryKey }),
  });
}
