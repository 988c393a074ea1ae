import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automaticMailSchema, type AutomaticMailInput } from '@lantern/contracts/automatic-mail';
import { apiFetch } from '../../../lib/api-client';
import { automaticMailsQueryOptions, mailsPath, type MailsRef } from './find-automatic-mails';

export const createAutomaticMail = ({ data, ...ref }: MailsRef & { data: AutomaticMailInput }) =>
  apiFetch(mailsPath(ref), { method: 'POST', body: data, schema: automaticMailSchema });

export function useCreateAutomaticMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAutomaticMail,
    onSuccess: (_mail, ref) =>
      queryClient.invalidateQueries({ queryKey: automaticMailsQueryOptions(ref).queryKey }),
  });
}
