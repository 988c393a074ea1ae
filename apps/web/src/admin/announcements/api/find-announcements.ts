import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '@lantern/contracts/common';
import { announcementSchema, type AnnouncementStatus } from '@lantern/contracts/communication';
import { apiFetch } from '../../../lib/api-client';

export type FindAnnouncementsParams = {
  page: number;
  limit: number;
  q: string;
  status: AnnouncementStatus | null;
};

export const findAnnouncements = ({ page, limit, q, status }: FindAnnouncementsParams) =>
  apiFetch('/api/en/announcements', {
    query: { page, limit, q, status },
    schema: pageOf(announcementSchema),
  });

export const announcementsQueryOptions = (params: FindAnnouncementsParams) =>
  queryOptions({
    queryKey: ['announcements', 'list', params],
    queryFn: () => findAnnouncements(params),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (params: FindAnnouncementsParams) =>
  useQuery(announcementsQueryOptions(params));

export const audienceOptionsSchema = z.object({
  roles: z.array(z.object({ key: z.string(), label: z.string() })),
  clcs: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  programmes: z.array(z.object({ id: z.number(), code: z.string(), title: z.string() })),
  everyoneAllowed: z.boolean(),
});
export type AudienceOptions = z.infer<typeof audienceOptionsSchema>;

export const useAudienceOptions = () =>
  useQuery({
    queryKey: ['announcements', 'audience-options'],
    queryFn: () =>
      apiFetch('/api/en/announcements/audience-options', { schema: audienceOptionsSchema }),
    staleTime: 5 * 60_000,
  });
