import { queryOptions, useQuery } from '@tanstack/react-query';
import { automaticMailSchema } from '@lantern/contracts/automatic-mail';
import { apiFetch } from '../../../lib/api-client';
import { mailsPath, type MailsRef } from './find-automatic-mails';

export type MailRef = MailsRef & { itemId: number };

export const getAutomaticMail = (ref: MailRef) =>
  apiFetch(`${mailsPath(ref)}/${ref.itemId}`, { schema: automaticMailSchema });

export const automaticMailQueryOptions = (ref: MailRef) =>
  queryOptions({
    queryKey: ['automatic-mails', ref.programmeType, ref.programmeId, ref.itemId],
    queryFn: () => getAutomaticMail(ref),
  });

export const useAutomaticMail = (ref: MailRef, enabled = true) =>
  useQuery({ ...automaticMailQueryOptions(ref), enabled });
