import type { NotificationType } from '@lantern/contracts/enums';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import * as repo from './notifications.repository';

/**
 * The requests tab is for those who make or decide grade requests (decision 0021 §2.5): to
 * others its list and count answer empty, whatever rows a former role left them.
 */
const seesRequests = (auth: AuthContext) =>
  auth.rights.has('GRADE_CHANGE_REQUEST__CREATE') || auth.rights.has('GRADE_CHANGE_REQUEST__EDIT');

export const listNotifications = async (
  deps: Deps,
  auth: AuthContext,
  type: NotificationType,
  query: { limit: number; onlyUnread: boolean; submissionId?: number },
) =>
  type === 'undo_publish_request' && !seesRequests(auth)
    ? []
    : repo.findNotifications(deps.db, { userId: auth.user.jwlId, type, ...query });

export async function unreadCount(deps: Deps, auth: AuthContext) {
  const counts = await repo.countUnread(deps.db, auth.user.jwlId);
  if (seesRequests(auth)) return counts;
  return {
    ...counts,
    total: counts.total - counts.undoPublishRequests,
    undoPublishRequests: 0,
  };
}

/**
 * Marks the user's notifications about these ids read (or unread). An id the user holds no
 * notification for — someone else's, or none at all — refuses the whole request, so nothing
 * changes.
 */
export async function markRead(
  deps: Deps,
  auth: AuthContext,
  type: NotificationType,
  ids: readonly number[],
  isRead = true,
): Promise<{ updated: number }> {
  const userId = auth.user.jwlId;
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    const owned = await repo.ownedKeys(tx, userId, type, unique);
    if (owned.size !== unique.length) throw notFound('The notification');
    return { updated: await repo.setRead(tx, { userId, type, ids: unique, isRead }) };
  });
}

export async function markAllRead(
  deps: Deps,
  auth: AuthContext,
  type: NotificationType,
): Promise<{ updated: number }> {
  return {
    updated: await repo.setRead(deps.db, {
      userId: auth.user.jwlId,
      type,
      ids: null,
      isRead: true,
    }),
  };
}
