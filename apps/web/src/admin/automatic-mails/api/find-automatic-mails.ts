import { queryOptions, useQuery } from '@tanstack/react-query';
import { automaticMailListSchema } from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export type MailsRef = { programmeType: ProgrammeType; programmeId: number };

export const mailsPath = ({ programmeType, programmeId }: MailsRef) =>
  `/api/en/automatic-mail/${programmeType}/${programmeId}`;

/** A programme's automatic mails, with the programme they belong to. */
export const findAutomaticMails = (ref: MailsRef) =>
  apiFetch(mailsPath(ref), { schema: automaticMailListSchema });

export const automaticMailsQueryOptions = (ref: MailsRef) =>
  queryOptions({
    queryKey: ['automatic-mails', ref.programmeType, ref.programmeId],
    queryFn: () => findAutomaticMails(ref),
  });

export const useAutomaticMails = (ref: MailsRef) => useQuery(automaticMailsQueryOptions(ref));
