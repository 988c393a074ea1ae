import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { DISCUSSION_EDIT_MINUTES, type TopicUpdate } from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import { rows } from '../../../lib/sql';
import { topicVisible } from './discussions-access.repository';
import {
  findPosts,
  findTopics,
  markRead,
  type PostRow,
  type TopicRow,
} from './discussions.repository';
import type { ForumAccess } from './forum-access';

// The statements of topics and posts (posts.service.ts, posts-moderation.service.ts).

/** 7 base-36 digits of a post id: its step in the path, so that paths sort in tree order. */
const step = (id: number) => id.toString(36).padStart(7, '0');

/** The forum of a topic not deleted, if any. */
export async function findTopicForumId(db: Db, topicId: number): Promise<number | null> {
  const [found] = await rows<{ forum_id: number }>(
    db,
    sql`select forum_id from discussion_topics where id = ${topicId} and deleted_at is null`,
  );
  return found ? found.forum_id : null;
}

/** The topic if the caller sees it in the forum (the class rule). */
export async function findVisibleTopic(
  db: Db,
  auth: AuthContext,
  forum: ForumAccess,
  topicId: number,
): Promise<TopicRow | undefined> {
  const [topic] = await findTopics(db, {
    userId: auth.user.jwlId,
    where: sql`t.id = ${topicId} and ${topicVisible(forum, auth)}`,
    limit: 1,
  });
  return topic;
}

/** The path of a post of the topic, if it is one. */
export async function findPostPath(db: Db, topicId: number, postId: number) {
  const [target] = await rows<{ path: string }>(
    db,
    sql`select path from discussion_posts where id = ${postId} and topic_id = ${topicId}`,
  );
  return target;
}

/** The posts before a path, nearest first. */
export function findPostsBefore(db: Db, topicId: number, me: number, path: string, limit: number) {
  return findPosts(db, {
    topicId,
    userId: me,
    where: sql`p.path < ${path}`,
    order: sql`p.path desc`,
    limit,
  });
}

/** The posts from a path on (it included), in tree order. */
export function findPostsFrom(db: Db, topicId: number, me: number, path: string, limit: number) {
  return findPosts(db, {
    topicId,
    userId: me,
    where: sql`p.path >= ${path}`,
    order: sql`p.path`,
    limit,
  });
}

/** The posts after a path (from the start when none), in tree order. */
export function findPostsAfter(
  db: Db,
  topicId: number,
  me: number,
  after: string | undefined,
  limit: number,
) {
  return findPosts(db, {
    topicId,
    userId: me,
    where: after === undefined ? sql`true` : sql`p.path > ${after}`,
    order: sql`p.path`,
    limit,
  });
}

/** One post of the topic as the caller sees it. */
export async function findOnePost(
  db: Db,
  topicId: number,
  me: number,
  postId: number,
): Promise<PostRow | undefined> {
  const [row] = await findPosts(db, {
    topicId,
    userId: me,
    where: sql`p.id = ${postId}`,
    order: sql`p.path`,
    limit: 1,
  });
  return row;
}

/** How many posts (topics included) the user wrote in the last minute. */
export async function countRecentPosts(tx: Db, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from discussion_posts
        where author_id = ${userId} and created_at > now() - interval '1 minute'`,
  );
  return row?.n ?? 0;
}

/** The post sent with this client id, if any. */
export async function findPostByClientId(db: Db, clientId: string) {
  const [row] = await rows<{ id: string | number; topic_id: string | number; author_id: number }>(
    db,
    sql`select id, topic_id, author_id from discussion_posts where client_id = ${clientId}::uuid`,
  );
  return row;
}

/** Inserts a post at its place in the tree, counts it, marks it read for its author. */
export async function insertPost(
  tx: Db,
  p: {
    clientId: string;
    topicId: number;
    courseId: number;
    parent: { id: number; path: string; depth: number } | null;
    authorId: number;
    body: string;
    words: number;
  },
): Promise<number> {
  const [seq] = await rows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('discussion_posts', 'id')) as id`,
  );
  const id = Number(seq?.id);
  const path = `${p.parent?.path ?? ''}${step(id)}`;
  await tx.execute(
    sql`insert into discussion_posts (id, client_id, topic_id, course_id, parent_id, path, depth,
          author_id, body, word_count)
        overriding system value
        values (${id}, ${p.clientId}::uuid, ${p.topicId}, ${p.courseId}, ${p.parent?.id ?? null},
          ${path}, ${p.parent ? p.parent.depth + 1 : 0}, ${p.authorId}, ${p.body}, ${p.words})`,
  );
  await tx.execute(
    sql`update discussion_topics set post_count = post_count + 1, last_post_id = ${id},
          last_post_at = now() where id = ${p.topicId}`,
  );
  await markRead(tx, { userId: p.authorId, topicId: p.topicId, ids: [id] });
  return id;
}

/** Starts a topic; its id. */
export async function insertTopic(
  tx: Db,
  t: { clientId: string; forumId: number; courseId: number; classId: number | null; title: string },
  me: number,
): Promise<number> {
  const [topic] = await rows<{ id: string | number }>(
    tx,
    sql`insert into discussion_topics (client_id, forum_id, course_id, class_id, title, author_id)
        values (${t.clientId}::uuid, ${t.forumId}, ${t.courseId}, ${t.classId}, ${t.title}, ${me})
        returning id`,
  );
  return Number(topic?.id);
}

/** The user follows the topic, or not any more. */
export async function setSubscription(
  db: Db,
  me: number,
  topicId: number,
  subscribed: boolean,
): Promise<void> {
  await db.execute(
    subscribed
      ? sql`insert into discussion_subscriptions (user_id, topic_id) values (${me}, ${topicId})
            on conflict do nothing`
      : sql`delete from discussion_subscriptions where user_id = ${me} and topic_id = ${topicId}`,
  );
}

/** Locks the topic; whether it is locked for posts (undefined: no such topic). */
export async function lockTopic(tx: Db, topicId: number): Promise<boolean | undefined> {
  const [topic] = await rows<{ is_locked: boolean }>(
    tx,
    sql`select is_locked from discussion_topics where id = ${topicId} for update`,
  );
  return topic?.is_locked;
}

/** The post answered: the topic's opening post, or `parentId` if it is in the topic. */
export async function findParentPost(tx: Db, topicId: number, parentId: number | undefined) {
  const [parent] = await rows<{ id: string | number; path: string; depth: number }>(
    tx,
    parentId === undefined
      ? sql`select id, path, depth from discussion_posts where topic_id = ${topicId} and parent_id is null`
      : sql`select id, path, depth from discussion_posts where topic_id = ${topicId} and id = ${parentId}`,
  );
  return parent;
}

export type OwnPostRow = {
  id: string | number;
  topic_id: string | number;
  author_id: number;
  body: string;
  version: number;
  removed_at: Date | string | null;
  in_window: boolean;
};

/** A post with whether its edit window is open and its author's class. */
export async function findOwnPost(db: Db, postId: number) {
  const [post] = await rows<OwnPostRow & { author_class_id: number | null }>(
    db,
    sql`select p.id, p.topic_id, p.author_id, p.body, p.version, p.removed_at,
          p.created_at > now() - make_interval(mins => ${DISCUSSION_EDIT_MINUTES}) as in_window,
          (select x.class_id from course_learners x where x.course_id = p.course_id
             and x.student_id = p.author_id limit 1) as author_class_id
        from discussion_posts p where p.id = ${postId}`,
  );
  return post;
}

/** Changes a post still at `version`, keeping its text as a revision; false when it changed. */
export async function revisePost(
  tx: Db,
  postId: number,
  input: { version: number; body: string },
  words: number,
  editedBy: number,
): Promise<boolean> {
  const changed = await rows<{ id: string | number }>(
    tx,
    sql`with old as (
          insert into discussion_post_revisions (post_id, version, body, edited_by)
          select id, version, body, ${editedBy} from discussion_posts
          where id = ${postId} and version = ${input.version}
          returning post_id
        )
        update discussion_posts set body = ${input.body}, word_count = ${words}, edited_at = now(),
          edit_count = edit_count + 1, version = version + 1
        where id = ${postId} and version = ${input.version} and exists (select 1 from old)
        returning id`,
  );
  return changed.length > 0;
}

/** A post's earlier texts, oldest first. */
export async function findRevisions(db: Db, postId: number) {
  return rows<{ version: number; body: string; edited_at: Date | string }>(
    db,
    sql`select version, body, edited_at from discussion_post_revisions
        where post_id = ${postId} order by version`,
  );
}

/** Removes a post (with who and why) or restores it. */
export async function setPostRemoved(
  tx: Db,
  postId: number,
  remove: boolean,
  by: number,
  reason: string | null,
): Promise<void> {
  await tx.execute(
    remove
      ? sql`update discussion_posts set removed_at = coalesce(removed_at, now()),
              removed_by = ${by}, removed_reason = ${reason},
              version = version + 1 where id = ${postId}`
      : sql`update discussion_posts set removed_at = null, removed_by = null,
              removed_reason = null, version = version + 1 where id = ${postId}`,
  );
}

/** Renames, pins or locks a topic still at `input.version`; false when it changed. */
export async function updateTopicRow(
  tx: Db,
  topicId: number,
  input: TopicUpdate,
): Promise<boolean> {
  const changed = await rows<{ id: string | number }>(
    tx,
    sql`update discussion_topics set
          title = coalesce(${input.title ?? null}, title),
          is_pinned = coalesce(${input.isPinned ?? null}::boolean, is_pinned),
          is_locked = coalesce(${input.isLocked ?? null}::boolean, is_locked),
          version = version + 1
        where id = ${topicId} and version = ${input.version} returning id`,
  );
  return changed.length > 0;
}
