import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automaticMailSchema, type AutomaticMailInput } from '@lantern/contracts/automatic-mail';
import { apiFetch } from '../../../lib/api-client';
import { automaticMailsQueryOptions, mailsPath } from './find-automatic-mails';
import { automaticMailQueryOptions, type MailRef } from './get-automatic-mail';

/** Saves at the version the editor saw; 409 STALE_VERSION when someone else saved first. */
export const updateAutomaticMail = ({
  data,
  version,
  ...ref
}: MailRef & { data: AutomaticMailInput; version: number }) =>
  apiFetch(`${mailsPath(ref)}/${ref.itemId}`, {
    method: 'PUT',
    body: { ...data, version },
    schema: automaticMailSchema,
  });

export function useUpdateAutomaticMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomaticMail,
    onSuccess: async (mail, ref) => {
      queryClient.setQueryData(automaticMailQueryOptions(ref).queryKey, mail);
      await queryClient.invalidateQueries({ queryKey: automaticMailsQueryOptions(ref).queryKey });
    },
  });
}
