import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@lantern/contracts/common';
import { mailLogItemSchema } from '@lantern/contracts/mail';
import { apiFetch } from '../../../lib/api-client';

export const mailLogPageSchema = pageOf(mailLogItemSchema);

export type FindMailLogParams = { page: number; limit: number; q: string };

export const findMailLog = ({ page, limit, q }: FindMailLogParams) =>
  apiFetch('/api/en/mail-log', { query: { page, limit, q }, schema: mailLogPageSchema });

export const mailLogQueryOptions = (params: FindMailLogParams) =>
  queryOptions({
    queryKey: ['mail-log', params],
    queryFn: () => findMailLog(params),
    placeholderData: keepPreviousData,
  });

export const useMailLog = (params: FindMailLogParams) => useQuery(mailLogQueryOptions(params));
