import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  DISCUSSION_EDIT_MINUTES,
  DISCUSSION_POSTS_PER_MINUTE,
  type Post,
  type PostCreate,
  type PostRemove,
  type PostRevisions,
  type PostsPage,
  type PostsQuery,
  type PostUpdate,
  type TopicCreate,
  type TopicCreated,
  type TopicSummary,
  type TopicUpdate,
} from '@lantern/contracts/discussions';
import { countWords, wordBoundsProblem } from '@lantern/contracts/words';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { rows } from '../../../lib/sql';
import {
  actsAsLearner,
  assertMayModerate,
  assertMayPost,
  LOCKED,
  loadForum,
  mayModerate,
  topicVisible,
  whyNoTopic,
  type ForumAccess,
} from './discussions.access';
import * as repo from './discussions.repository';
import { forumView } from './forums.service';
import { recordRequirement } from './graded.service';

/** 7 base-36 digits of a post id: its step in the path, so that paths sort in tree order. */
const step = (id: number) => id.toString(36).padStart(7, '0');

type TopicAccess = { forum: ForumAccess; topic: repo.TopicRow };

/** A topic the caller sees (its forum's reach and the class rule), else 404. */
export async function loadTopic(db: Db, auth: AuthContext, topicId: number): Promise<TopicAccess> {
  const [found] = await rows<{ forum_id: number }>(
    db,
    sql`select forum_id from discussion_topics where id = ${topicId} and deleted_at is null`,
  );
  if (!found) throw notFound('The topic');
  const forum = await loadForum(db, auth, found.forum_id).catch(() => {
    throw notFound('The topic');
  });
  const [topic] = await repo.findTopics(db, {
    userId: auth.user.jwlId,
    where: sql`t.id = ${topicId} and ${topicVisible(forum, auth)}`,
    limit: 1,
  });
  if (!topic) throw notFound('The topic');
  return { forum, topic };
}

const moderatesFn =
  (f: ForumAccess, topicClassId: number | null) => (authorClassId: number | null) =>
    mayModerate(f, authorClassId ?? topicClassId);

const viewerOf = (auth: AuthContext, a: TopicAccess) => ({
  userId: auth.user.jwlId,
  moderates: moderatesFn(a.forum, a.topic.class_id),
});

/**
 * A page of a thread in tree order: after a path (keyset), around a post (10 before, it and
 * 19 after), or from the start.
 */
export async function getPosts(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  query: PostsQuery,
): Promise<PostsPage> {
  const a = await loadTopic(deps.db, auth, topicId);
  const me = auth.user.jwlId;
  const limit = query.limit;
  let posts: repo.PostRow[];
  let hasEarlier = false;
  if (query.around !== undefined) {
    const [target] = await rows<{ path: string }>(
      deps.db,
      sql`select path from discussion_posts where id = ${query.around} and topic_id = ${topicId}`,
    );
    if (!target) throw notFound('The post');
    const before = await repo.findPosts(deps.db, {
      topicId,
      userId: me,
      where: sql`p.path < ${target.path}`,
      order: sql`p.path desc`,
      limit: 11,
    });
    hasEarlier = before.length > 10;
    const after = await repo.findPosts(deps.db, {
      topicId,
      userId: me,
      where: sql`p.path >= ${target.path}`,
      order: sql`p.path`,
      limit: limit - Math.min(before.length, 10) + 1,
    });
    posts = [...before.slice(0, 10).reverse(), ...after];
  } else {
    posts = await repo.findPosts(deps.db, {
      topicId,
      userId: me,
      where: query.after === undefined ? sql`true` : sql`p.path > ${query.after}`,
      order: sql`p.path`,
      limit: limit + 1,
    });
    hasEarlier = query.after !== undefined;
  }
  const more = posts.length > limit;
  const page = posts.slice(0, limit);
  const viewer = viewerOf(auth, a);
  return {
    forum: await forumView(deps.db, auth, a.forum),
    topic: repo.toTopic(a.topic),
    posts: page.map((p) => repo.toPost(p, viewer)),
    next: more ? (page.at(-1)?.path ?? null) : null,
    hasEarlier,
    mayModerate: mayModerate(a.forum, a.topic.class_id),
  };
}

/** 429 past 10 posts a minute (topics included): counted in the database, so on every node. */
async function assertPace(tx: Db, userId: number): Promise<void> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from discussion_posts
        where author_id = ${userId} and created_at > now() - interval '1 minute'`,
  );
  if ((row?.n ?? 0) >= DISCUSSION_POSTS_PER_MINUTE)
    throw new AppError(429, 'RATE_LIMITED', 'You are posting very fast: wait a minute.', {
      retryAfterSeconds: 60,
    });
}

/** A graded discussion's word minimum, for its learners (spec §5 'Not enough words.'). */
function assertWords(f: ForumAccess, body: string): number {
  const words = countWords(body);
  const min = f.item?.settings.minWordsPerPost ?? null;
  const problem = actsAsLearner(f)
    ? wordBoundsProblem(words, { minWords: min, maxWords: null })
    : null;
  if (min !== null && problem) throw badRequest(problem.text, { body: problem.text });
  return words;
}

async function existingByClientId(db: Db, clientId: string) {
  const [row] = await rows<{ id: string | number; topic_id: string | number; author_id: number }>(
    db,
    sql`select id, topic_id, author_id from discussion_posts where client_id = ${clientId}::uuid`,
  );
  return row;
}

async function onePost(
  deps: Deps,
  auth: AuthContext,
  a: TopicAccess,
  postId: number,
): Promise<Post> {
  const [row] = await repo.findPosts(deps.db, {
    topicId: Number(a.topic.id),
    userId: auth.user.jwlId,
    where: sql`p.id = ${postId}`,
    order: sql`p.path`,
    limit: 1,
  });
  if (!row) throw notFound('The post');
  return repo.toPost(row, viewerOf(auth, a));
}

/** Inserts a post at its place in the tree, counts it, marks it read for its author. */
async function insertPost(
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
  await repo.markRead(tx, { userId: p.authorId, topicId: p.topicId, ids: [id] });
  return id;
}

/** Starts a topic with its opening post; its author follows it. */
export async function createTopic(
  deps: Deps,
  auth: AuthContext,
  forumId: number,
  input: TopicCreate,
): Promise<TopicCreated> {
  const me = auth.user.jwlId;
  const forum = await loadForum(deps.db, auth, forumId);
  const earlier = await existingByClientId(deps.db, input.clientId);
  if (earlier) return answerCreatedTopic(deps, auth, Number(earlier.topic_id), earlier, me);
  await assertMayPost(deps.db, auth, forum);
  const noTopic = whyNoTopic(forum);
  if (noTopic) throw noTopic;
  const words = assertWords(forum, input.body);
  const classId = topicClass(forum, input.classId ?? null);
  const topicId = await deps.db.transaction(async (tx) => {
    await assertPace(tx, me);
    const [topic] = await rows<{ id: string | number }>(
      tx,
      sql`insert into discussion_topics (client_id, forum_id, course_id, class_id, title, author_id)
          values (${input.clientId}::uuid, ${forum.id}, ${forum.courseId}, ${classId}, ${input.title}, ${me})
          returning id`,
    );
    const id = Number(topic?.id);
    await insertPost(tx, {
      clientId: input.clientId,
      topicId: id,
      courseId: forum.courseId,
      parent: null,
      authorId: me,
      body: input.body,
      words,
    });
    await tx.execute(
      sql`insert into discussion_subscriptions (user_id, topic_id) values (${me}, ${id})
          on conflict do nothing`,
    );
    if (forum.item && actsAsLearner(forum)) await recordRequirement(tx, auth, forum);
    return id;
  });
  const post = await existingByClientId(deps.db, input.clientId);
  return answerCreatedTopic(deps, auth, topicId, post, me);
}

async function answerCreatedTopic(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  post: { id: string | number; author_id: number } | undefined,
  me: number,
): Promise<TopicCreated> {
  if (!post || post.author_id !== me) throw notFound('The topic');
  const a = await loadTopic(deps.db, auth, topicId);
  return { topic: repo.toTopic(a.topic), post: await onePost(deps, auth, a, Number(post.id)) };
}

/**
 * The class a new topic is for: a learner's own class where classes are separate; staff choose
 * one of the classes they teach (or every class).
 */
function topicClass(f: ForumAccess, asked: number | null): number | null {
  if (!f.separateClasses) return null;
  if (actsAsLearner(f)) return f.learner?.classId ?? null;
  if (asked === null) return null;
  if (!f.mayAuthor && !f.seats.includes(asked))
    throw badRequest('You start topics only for the classes you teach.', {
      classId: 'You start topics only for the classes you teach.',
    });
  return asked;
}

/** Replies in a topic (to its opening post, or to `parentId`). */
export async function createPost(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  input: PostCreate,
): Promise<Post> {
  const me = auth.user.jwlId;
  const a = await loadTopic(deps.db, auth, topicId);
  const earlier = await existingByClientId(deps.db, input.clientId);
  if (earlier) {
    if (earlier.author_id !== me || Number(earlier.topic_id) !== topicId)
      throw notFound('The post');
    return onePost(deps, auth, a, Number(earlier.id));
  }
  await assertMayPost(deps.db, auth, a.forum);
  const words = assertWords(a.forum, input.body);
  const id = await deps.db.transaction(async (tx) => {
    const [topic] = await rows<{ is_locked: boolean }>(
      tx,
      sql`select is_locked from discussion_topics where id = ${topicId} for update`,
    );
    if (!topic || topic.is_locked) throw LOCKED();
    await assertPace(tx, me);
    const [parent] = await rows<{ id: string | number; path: string; depth: number }>(
      tx,
      input.parentId === undefined
        ? sql`select id, path, depth from discussion_posts where topic_id = ${topicId} and parent_id is null`
        : sql`select id, path, depth from discussion_posts where topic_id = ${topicId} and id = ${input.parentId}`,
    );
    if (!parent)
      throw badRequest('The post you answer is not in this topic.', {
        parentId: 'The post you answer is not in this topic.',
      });
    const postId = await insertPost(tx, {
      clientId: input.clientId,
      topicId,
      courseId: a.forum.courseId,
      parent: { id: Number(parent.id), path: parent.path, depth: parent.depth },
      authorId: me,
      body: input.body,
      words,
    });
    await repo.notifySubscribers(tx, {
      topicId,
      forumId: a.forum.id,
      authorId: me,
      title: a.topic.title,
    });
    if (a.forum.item && actsAsLearner(a.forum)) await recordRequirement(tx, auth, a.forum);
    return postId;
  });
  return onePost(deps, auth, a, id);
}

type OwnPostRow = {
  id: string | number;
  topic_id: string | number;
  author_id: number;
  body: string;
  version: number;
  removed_at: Date | string | null;
  in_window: boolean;
};

async function loadPost(db: Db, auth: AuthContext, postId: number) {
  const [post] = await rows<OwnPostRow & { author_class_id: number | null }>(
    db,
    sql`select p.id, p.topic_id, p.author_id, p.body, p.version, p.removed_at,
          p.created_at > now() - make_interval(mins => ${DISCUSSION_EDIT_MINUTES}) as in_window,
          (select x.class_id from course_learners x where x.course_id = p.course_id
             and x.student_id = p.author_id limit 1) as author_class_id
        from discussion_posts p where p.id = ${postId}`,
  );
  if (!post) throw notFound('The post');
  const a = await loadTopic(db, auth, Number(post.topic_id)).catch(() => {
    throw notFound('The post');
  });
  return { post, a };
}

/** The author changes their post within the edit window; each change keeps a revision. */
export async function updatePost(
  deps: Deps,
  auth: AuthContext,
  postId: number,
  input: PostUpdate,
): Promise<Post> {
  const { post, a } = await loadPost(deps.db, auth, postId);
  if (post.author_id !== auth.user.jwlId) throw notFound('The post');
  if (post.removed_at !== null) throw notFound('The post');
  await assertMayPost(deps.db, auth, a.forum);
  if (!post.in_window)
    throw new AppError(
      409,
      'EDIT_WINDOW_PASSED',
      `Posts can be changed for ${DISCUSSION_EDIT_MINUTES} minutes after posting.`,
    );
  const words = assertWords(a.forum, input.body);
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: string | number }>(
      tx,
      sql`with old as (
            insert into discussion_post_revisions (post_id, version, body, edited_by)
            select id, version, body, ${auth.user.jwlId} from discussion_posts
            where id = ${postId} and version = ${input.version}
            returning post_id
          )
          update discussion_posts set body = ${input.body}, word_count = ${words}, edited_at = now(),
            edit_count = edit_count + 1, version = version + 1
          where id = ${postId} and version = ${input.version} and exists (select 1 from old)
          returning id`,
    );
    if (changed.length === 0)
      throw new AppError(
        409,
        'STALE_VERSION',
        'This post was changed on another device or tab. Reload to see it, then edit again.',
      );
  });
  return onePost(deps, auth, a, postId);
}

/**
 * A post's earlier texts: for moderators of its class (to see what a changed post said) and for
 * its author; for anyone else the post is not there.
 */
export async function getRevisions(
  deps: Deps,
  auth: AuthContext,
  postId: number,
): Promise<PostRevisions> {
  const { post, a } = await loadPost(deps.db, auth, postId);
  if (
    post.author_id !== auth.user.jwlId &&
    !mayModerate(a.forum, post.author_class_id ?? a.topic.class_id)
  )
    throw notFound('The post');
  const found = await rows<{ version: number; body: string; edited_at: Date | string }>(
    deps.db,
    sql`select version, body, edited_at from discussion_post_revisions
        where post_id = ${postId} order by version`,
  );
  return {
    postId,
    revisions: found.map((r) => ({
      version: r.version,
      body: r.body,
      replacedAt: new Date(r.edited_at).toISOString(),
    })),
  };
}

/** A moderator removes a post (it stays in the thread as removed) or restores it. */
export async function setRemoved(
  deps: Deps,
  auth: AuthContext,
  postId: number,
  remove: boolean,
  input: PostRemove,
): Promise<Post> {
  const { post, a } = await loadPost(deps.db, auth, postId);
  assertMayModerate(a.forum, post.author_class_id ?? a.topic.class_id);
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      remove
        ? sql`update discussion_posts set removed_at = coalesce(removed_at, now()),
                removed_by = ${auth.user.jwlId}, removed_reason = ${input.reason || null},
                version = version + 1 where id = ${postId}`
        : sql`update discussion_posts set removed_at = null, removed_by = null,
                removed_reason = null, version = version + 1 where id = ${postId}`,
    );
    await audit(tx, auth, {
      action: remove ? 'discussion.post.remove' : 'discussion.post.restore',
      entityType: 'discussion_post',
      entityId: postId,
      changes: remove ? { reason: input.reason ?? null } : {},
    });
  });
  return onePost(deps, auth, a, postId);
}

/** A moderator renames, pins or locks a topic. */
export async function updateTopic(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  input: TopicUpdate,
): Promise<TopicSummary> {
  const a = await loadTopic(deps.db, auth, topicId);
  assertMayModerate(a.forum, a.topic.class_id);
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: string | number }>(
      tx,
      sql`update discussion_topics set
            title = coalesce(${input.title ?? null}, title),
            is_pinned = coalesce(${input.isPinned ?? null}::boolean, is_pinned),
            is_locked = coalesce(${input.isLocked ?? null}::boolean, is_locked),
            version = version + 1
          where id = ${topicId} and version = ${input.version} returning id`,
    );
    if (changed.length === 0)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this topic while you were editing. Reload to see their changes, then edit again.',
      );
    await audit(tx, auth, {
      action: 'discussion.topic.update',
      entityType: 'discussion_topic',
      entityId: topicId,
      changes: { title: input.title, isPinned: input.isPinned, isLocked: input.isLocked },
    });
  });
  const again = await loadTopic(deps.db, auth, topicId);
  return repo.toTopic(again.topic);
}

/** Adds posts to the caller's read set (or all up to the last): answers what stays unread. */
export async function markRead(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  ids: number[] | null,
): Promise<{ unread: number }> {
  await loadTopic(deps.db, auth, topicId);
  const unread = await deps.db.transaction((tx) =>
    repo.markRead(tx, { userId: auth.user.jwlId, topicId, ids }),
  );
  return { unread };
}

export async function setSubscribed(
  deps: Deps,
  auth: AuthContext,
  topicId: number,
  subscribed: boolean,
): Promise<{ subscribed: boolean }> {
  await loadTopic(deps.db, auth, topicId);
  const me = auth.user.jwlId;
  await deps.db.execute(
    subscribed
      ? sql`insert into discussion_subscriptions (user_id, topic_id) values (${me}, ${topicId})
            on conflict do nothing`
      : sql`delete from discussion_subscriptions where user_id = ${me} and topic_id = ${topicId}`,
  );
  return { subscribed };
}
