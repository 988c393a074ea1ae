import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lantern/contracts/common';
import { announcementSchema, type AnnouncementInput } from '@lantern/contracts/communication';
import { apiFetch } from '../../../lib/api-client';

export type SaveRequest =
  | { kind: 'create'; data: AnnouncementInput }
  | { kind: 'update'; id: number; version: number; data: AnnouncementInput }
  | { kind: 'publish' | 'withdraw'; id: number; version: number }
  | { kind: 'delete'; id: number };

const base = '/api/en/announcements';

export async function saveAnnouncement(request: SaveRequest) {
  switch (request.kind) {
    case 'create':
      return apiFetch(base, { method: 'POST', body: request.data, schema: announcementSchema });
    case 'update':
      return apiFetch(`${base}/${request.id}`, {
        method: 'PUT',
        body: { ...request.data, version: request.version },
        schema: announcementSchema,
      });
    case 'publish':
    case 'withdraw':
      return apiFetch(`${base}/${request.id}/${request.kind}`, {
        method: 'POST',
        body: { version: request.version },
        schema: announcementSchema,
      });
    case 'delete':
      await apiFetch(`${base}/${request.id}`, { method: 'DELETE', schema: okSchema });
      return null;
  }
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['announcements', 'list'] }),
  });
}
