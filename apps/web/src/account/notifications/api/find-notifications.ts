import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListSchema } from '@lantern/contracts/communication';
import type { NotificationType } from '@lantern/contracts/enums';
import { apiFetch } from '../../../lib/api-client';

/** The path of each type's list (spec §7). */
export const TYPE_PATHS: Record<NotificationType, string> = {
  grade_comment: 'grade-comments',
  announcement: 'announcements',
  undo_publish_request: 'undo-publish-requests',
  discussion_reply: 'discussion-replies',
  dropout_flag: 'dropout-flags',
};

/** The page shows the newest 100 of a type; the bell's count says how many are unread. */
export const PAGE_LIMIT = 100;

export const findNotifications = (type: NotificationType) =>
  apiFetch(`/api/en/notifications/${TYPE_PATHS[type]}`, {
    query: { limit: PAGE_LIMIT },
    schema: notificationListSchema,
  });

export const notificationsQueryOptions = (type: NotificationType) =>
  queryOptions({
    queryKey: ['notifications', 'list', type],
    queryFn: () => findNotifications(type),
  });

export const useNotifications = (type: NotificationType) =>
  useQuery(notificationsQueryOptions(type));
