import { sql, type SQL } from 'drizzle-orm';
import type { Notification, UnreadCount } from '@lantern/contracts/communication';
import type { NotificationType } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../lib/sql';

type Row = {
  id: number | string;
  type: NotificationType;
  is_read: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  priority: Notification['priority'];
  submission_id: number | null;
  task_id: number | null;
  announcement_id: number | null;
  undo_publish_request_id: number | null;
  topic_id: number | string | null;
  dropout_flag_id: number | string | null;
  title: string;
  body: string | null;
  link: string | null;
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

const toNotification = (r: Row): Notification => ({
  id: Number(r.id),
  type: r.type,
  isRead: r.is_read,
  readAt: iso(r.read_at),
  createdAt: new Date(r.created_at).toISOString(),
  priority: r.priority,
  submissionId: r.submission_id,
  taskId: r.task_id,
  announcementId: r.announcement_id,
  undoPublishRequestId: r.undo_publish_request_id,
  topicId: r.topic_id === null ? null : Number(r.topic_id),
  dropoutFlagId: r.dropout_flag_id === null ? null : Number(r.dropout_flag_id),
  title: r.title,
  body: r.body,
  link: r.link,
});

/** What a user may see: their own rows, not past their end, of announcements still published. */
const visible = (userId: number) =>
  sql`n.user_id = ${userId} and (n.expires_at is null or n.expires_at > now())
      and (n.announcement_id is null or a.status = 'published')`;

export async function findNotifications(
  db: Db,
  options: {
    userId: number;
    type: NotificationType;
    limit: number;
    onlyUnread: boolean;
    submissionId?: number;
  },
): Promise<Notification[]> {
  const found = await rows<Row>(
    db,
    sql`select n.id, n.type, n.is_read, n.read_at, n.created_at, n.priority, n.submission_id,
               n.task_id, n.announcement_id, n.undo_publish_request_id, n.topic_id, n.dropout_flag_id,
               coalesce(a.title, n.title, '') as title, coalesce(a.body, n.body) as body,
               case when n.announcement_id is not null
                    then '/en/notifications?type=announcement&id=' || n.announcement_id
                    else n.link end as link
          from notifications n left join announcements a on a.id = n.announcement_id
         where ${visible(options.userId)} and n.type = ${options.type}
           ${options.onlyUnread ? sql`and n.is_read = false` : sql``}
           ${options.submissionId ? sql`and n.submission_id = ${options.submissionId}` : sql``}
         order by n.created_at desc, n.id desc
         limit ${options.limit}`,
  );
  return found.map(toNotification);
}

/** The bell's count: the database function of migration 0007, one row by type (decision 0013). */
export async function countUnread(db: Db, userId: number): Promise<UnreadCount> {
  const [row] = await rows<{
    grade_comments: number;
    announcements: number;
    undo_publish_requests: number;
    discussion_replies: number;
    dropout_flags: number;
  }>(db, sql`select * from notification_unread_counts(${userId}::integer)`);
  const result = {
    gradeComments: row?.grade_comments ?? 0,
    announcements: row?.announcements ?? 0,
    undoPublishRequests: row?.undo_publish_requests ?? 0,
    discussionReplies: row?.discussion_replies ?? 0,
    dropoutFlags: row?.dropout_flags ?? 0,
  };
  return {
    total:
      result.gradeComments +
      result.announcements +
      result.undoPublishRequests +
      result.discussionReplies +
      result.dropoutFlags,
    ...result,
  };
}

/** The column that names what a notification of a type is about (the ids of spec §7). */
export const KEY_COLUMN: Record<NotificationType, SQL> = {
  grade_comment: sql`submission_id`,
  announcement: sql`announcement_id`,
  undo_publish_request: sql`undo_publish_request_id`,
  discussion_reply: sql`topic_id`,
  dropout_flag: sql`dropout_flag_id`,
};

/** Which of these ids the user holds a notification of the type for. */
export async function ownedKeys(
  db: Db,
  userId: number,
  type: NotificationType,
  ids: readonly number[],
): Promise<Set<number>> {
  const col = KEY_COLUMN[type];
  const found = await rows<{ k: number }>(
    db,
    sql`select distinct ${col} as k from notifications
         where user_id = ${userId} and type = ${type} and ${col} = any(${intArray(ids)})`,
  );
  return new Set(found.map((f) => f.k));
}

/** Sets the read state of the user's notifications of a type (about these ids, or all). */
export async function setRead(
  db: Db,
  options: {
    userId: number;
    type: NotificationType;
    ids: readonly number[] | null;
    isRead: boolean;
  },
): Promise<number> {
  const col = KEY_COLUMN[options.type];
  const changed = await rows<{ id: number }>(
    db,
    sql`update notifications
           set is_read = ${options.isRead}, read_at = ${options.isRead ? sql`now()` : sql`null`}
         where user_id = ${options.userId} and type = ${options.type}
           and is_read <> ${options.isRead}
           ${options.ids ? sql`and ${col} = any(${intArray(options.ids)})` : sql``}
         returning id`,
  );
  return changed.length;
}
