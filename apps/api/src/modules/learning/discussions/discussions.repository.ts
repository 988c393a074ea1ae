import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { Post, TopicSummary } from '@lantern/contracts/discussions';
import { DISCUSSION_EDIT_MINUTES } from '@lantern/contracts/discussions';
import { rows } from '../../../lib/sql';

// The SQL of discussions: posts in tree order by their path (keyset on (topic_id, path), one
// index range read), topics with the caller's unread count from one join.

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export type PostRow = {
  id: string | number;
  topic_id: string | number;
  parent_id: string | number | null;
  depth: number;
  path: string;
  author_id: number;
  author_name: string;
  reply_to: string | null;
  body: string;
  word_count: number;
  created_at: Date | string;
  edited_at: Date | string | null;
  edit_count: number;
  removed_at: Date | string | null;
  removed_reason: string | null;
  is_unread: boolean;
  editable_until: Date | string | null;
  version: number;
  /** The author's class in the course (learners), for moderation. */
  author_class_id: number | null;
};

/**
 * Posts of a topic as `userId` sees them: `where` and `order` pick the page (on `p`). Removed
 * bodies are kept for their author and for moderators (`seesRemoved`).
 */
export async function findPosts(
  db: Db,
  options: { topicId: number; userId: number; where: SQL; order: SQL; limit: number },
): Promise<PostRow[]> {
  const me = options.userId;
  return rows<PostRow>(
    db,
    sql`select p.id, p.topic_id, p.parent_id, p.depth, p.path, p.author_id,
          concat_ws(' ', au.first_name, au.last_name) as author_name,
          concat_ws(' ', pu.first_name, pu.last_name) as reply_to,
          p.body, p.word_count, p.created_at, p.edited_at, p.edit_count, p.removed_at,
          p.removed_reason, p.version,
          not coalesce(r.read_ids @> p.id, false) as is_unread,
          case when p.author_id = ${me} and p.removed_at is null
                 and p.created_at > now() - make_interval(mins => ${DISCUSSION_EDIT_MINUTES})
               then p.created_at + make_interval(mins => ${DISCUSSION_EDIT_MINUTES}) end as editable_until,
          (select x.class_id from course_learners x where x.course_id = p.course_id
             and x.student_id = p.author_id limit 1) as author_class_id
        from discussion_posts p
        join users au on au.jwl_id = p.author_id
        left join discussion_posts pp on pp.id = p.parent_id
        left join users pu on pu.jwl_id = pp.author_id
        left join discussion_reads r on r.topic_id = p.topic_id and r.user_id = ${me}
        where p.topic_id = ${options.topicId} and ${options.where}
        order by ${options.order}
        limit ${options.limit}`,
  );
}

export function toPost(
  r: PostRow,
  viewer: { userId: number; moderates: (authorClassId: number | null) => boolean },
): Post {
  const removed = r.removed_at !== null;
  const seesBody = !removed || r.author_id === viewer.userId || viewer.moderates(r.author_class_id);
  return {
    id: Number(r.id),
    topicId: Number(r.topic_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    depth: r.depth,
    path: r.path,
    author: { id: r.author_id, name: r.author_name },
    replyTo: r.parent_id === null ? null : r.reply_to,
    body: seesBody ? r.body : null,
    wordCount: r.word_count,
    createdAt: iso(r.created_at),
    editedAt: isoOrNull(r.edited_at),
    editCount: r.edit_count,
    removed: removed
      ? { at: iso(r.removed_at ?? ''), reason: seesBody ? r.removed_reason : null }
      : null,
    isUnread: r.is_unread,
    editableUntil: isoOrNull(r.editable_until),
    version: r.version,
  };
}

export type TopicRow = {
  id: string | number;
  forum_id: number;
  course_id: number;
  title: string;
  class_id: number | null;
  class_name: string | null;
  author_id: number;
  author_name: string;
  is_pinned: boolean;
  is_locked: boolean;
  post_count: number;
  unread: number;
  last_post_at: Date | string;
  subscribed: boolean;
  version: number;
  last_post_id: string | number | null;
};

/** Topics of a forum with the caller's unread count and subscription (`where` on `t`). */
export async function findTopics(
  db: Db,
  options: { userId: number; where: SQL; limit: number },
): Promise<TopicRow[]> {
  const me = options.userId;
  return rows<TopicRow>(
    db,
    sql`select t.id, t.forum_id, t.course_id, t.title, t.class_id, k.name as class_name, t.author_id,
          concat_ws(' ', u.first_name, u.last_name) as author_name,
          t.is_pinned, t.is_locked, t.post_count,
          greatest(t.post_count - coalesce(r.read_count, 0), 0) as unread,
          t.last_post_at, (s.user_id is not null) as subscribed, t.version, t.last_post_id
        from discussion_topics t
        join users u on u.jwl_id = t.author_id
        left join classes k on k.id = t.class_id
        left join discussion_reads r on r.topic_id = t.id and r.user_id = ${me}
        left join discussion_subscriptions s on s.topic_id = t.id and s.user_id = ${me}
        where t.deleted_at is null and ${options.where}
        order by t.is_pinned desc, t.last_post_at desc, t.id desc
        limit ${options.limit}`,
  );
}

export const toTopic = (r: TopicRow): TopicSummary => ({
  id: Number(r.id),
  forumId: r.forum_id,
  title: r.title,
  class: r.class_id !== null ? { id: r.class_id, name: r.class_name ?? '' } : null,
  author: { id: r.author_id, name: r.author_name },
  isPinned: r.is_pinned,
  isLocked: r.is_locked,
  postCount: r.post_count,
  unread: r.unread,
  lastPostAt: iso(r.last_post_at),
  subscribed: r.subscribed,
  version: r.version,
});

/**
 * Adds post ids to the reader's read set and recounts it from the live posts of the topic
 * (`ids` null: every post up to the topic's last, "Mark all read"). Answers the unread count.
 */
export async function markRead(
  tx: Db,
  options: { userId: number; topicId: number; ids: number[] | null },
): Promise<number> {
  const { userId, topicId } = options;
  const added =
    options.ids === null
      ? sql`int8multirange(int8range(null, (select last_post_id from discussion_topics where id = ${topicId}), '(]'))`
      : sql`(select coalesce(range_agg(int8range(x, x, '[]')), '{}'::int8multirange)
              from unnest(${`{${options.ids.join(',')}}`}::int8[]) x)`;
  const counted = (set: SQL) =>
    sql`(select count(*) from discussion_posts p where p.topic_id = ${topicId} and ${set} @> p.id)::int`;
  const [row] = await rows<{ unread: number }>(
    tx,
    sql`insert into discussion_reads as r (user_id, topic_id, read_ids, read_count)
        values (${userId}, ${topicId}, ${added}, ${counted(added)})
        on conflict (user_id, topic_id) do update
          set read_ids = r.read_ids + excluded.read_ids,
              read_count = ${counted(sql`(r.read_ids + excluded.read_ids)`)}, updated_at = now()
        returning greatest((select post_count from discussion_topics where id = ${topicId}) - read_count, 0)::int as unread`,
  );
  const unread = row?.unread ?? 0;
  // The topic's notification is answered once nothing is left unread.
  if (unread === 0)
    await tx.execute(
      sql`update notifications set is_read = true, read_at = now()
          where topic_id = ${topicId} and user_id = ${userId} and is_read = false`,
    );
  return unread;
}

/**
 * After a new post: one notification per subscriber other than the author, in one statement
 * (decision 0020 §4.2): unread again, with how many posts are new to them and a link to the
 * first of them.
 */
export async function notifySubscribers(
  tx: Db,
  options: { topicId: number; forumId: number; authorId: number; title: string },
): Promise<void> {
  const { topicId, forumId, authorId } = options;
  const title = `New posts in “${options.title.length > 150 ? `${options.title.slice(0, 149)}…` : options.title}”`;
  await tx.execute(
    sql`insert into notifications (user_id, type, topic_id, title, body, link, is_read, created_at)
        select s.user_id, 'discussion_reply', ${topicId}, ${title},
               case when n.unread = 1 then '1 new post since you last read'
                    else n.unread || ' new posts since you last read' end,
               '/en/discuss/' || ${forumId} || '/topic/' || ${topicId} || '?post=' || n.first_unread,
               false, now()
        from discussion_subscriptions s
        join discussion_topics t on t.id = s.topic_id
        left join discussion_reads r on r.topic_id = s.topic_id and r.user_id = s.user_id
        cross join lateral (
          select greatest(t.post_count - coalesce(r.read_count, 0), 1) as unread,
                 (select min(p.id) from discussion_posts p where p.topic_id = t.id
                    and not coalesce(r.read_ids @> p.id, false)) as first_unread
        ) n
        where s.topic_id = ${topicId} and s.user_id <> ${authorId}
        on conflict (topic_id, user_id) where topic_id is not null do update
          set title = excluded.title, body = excluded.body, link = excluded.link,
              is_read = false, read_at = null, created_at = now()`,
  );
}
