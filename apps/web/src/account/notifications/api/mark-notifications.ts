import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markResultSchema } from '@lantern/contracts/communication';
import type { NotificationType } from '@lantern/contracts/enums';
import { apiFetch } from '../../../lib/api-client';
import { TYPE_PATHS } from './find-notifications';

/** The one-item toggle of each type and its body (spec §7; announcements: our own). */
const TOGGLE: Record<NotificationType, { path: string; key: string }> = {
  grade_comment: { path: 'read', key: 'submissionId' },
  announcement: { path: 'announcements/read', key: 'announcementId' },
  undo_publish_request: { path: 'undo-publish-requests/read', key: 'undoPublishId' },
  discussion_reply: { path: 'discussion-replies/read', key: 'topicId' },
  dropout_flag: { path: 'dropout-flags/read', key: 'dropoutFlagId' },
};

/** The id lists of the mark-read calls. */
const LIST_KEYS: Record<NotificationType, string> = {
  grade_comment: 'submissionIds',
  announcement: 'announcementIds',
  undo_publish_request: 'undoPublishIds',
  discussion_reply: 'topicIds',
  dropout_flag: 'dropoutFlagIds',
};

export type MarkRequest =
  | { kind: 'toggle'; type: NotificationType; id: number; isRead: boolean }
  | { kind: 'several'; type: NotificationType; ids: number[] }
  | { kind: 'all'; type: NotificationType };

export function markNotifications(request: MarkRequest) {
  const base = '/api/en/notifications';
  if (request.kind === 'toggle') {
    const { path, key } = TOGGLE[request.type];
    return apiFetch(`${base}/${path}`, {
      method: 'POST',
      body: { [key]: request.id, isRead: request.isRead },
      schema: markResultSchema,
    });
  }
  const path = `${base}/${TYPE_PATHS[request.type]}`;
  if (request.kind === 'several') {
    return apiFetch(`${path}/mark-read`, {
      method: 'POST',
      body: { [LIST_KEYS[request.type]]: request.ids },
      schema: markResultSchema,
    });
  }
  return apiFetch(`${path}/mark-all-read`, { method: 'POST', body: {}, schema: markResultSchema });
}

/** Marks, then refreshes the lists and the bell. */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
