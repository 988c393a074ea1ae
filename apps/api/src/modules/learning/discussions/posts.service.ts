import type { Db } from '@lantern/db/client';
import {
  DISCUSSION_POSTS_PER_MINUTE,
  type Post,
  type PostCreate,
  type PostsPage,
  type PostsQuery,
  type TopicCreate,
  type TopicCreated,
} from '@lantern/contracts/discussions';
import { countWords, wordBoundsProblem } from '@lantern/contracts/words';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import {
  actsAsLearner,
  assertMayPost,
  LOCKED,
  loadForum,
  mayModerate,
  whyNoTopic,
  type ForumAccess,
} from './discussions.access';
import * as repo from './discussions.repository';
import {
  countRecentPosts,
  findOnePost,
  findParentPost,
  findPostByClientId,
  findPostPath,
  findPostsAfter,
  findPostsBefore,
  findPostsFrom,
  findTopicForumId,
  findVisibleTopic,
  insertPost,
  insertTopic,
  lockTopic,
  setSubscription,
} from './discussions-posts.repository';
import { forumView } from './forums.service';
import { recordRequirement } from './graded.service';

// Topics and posts: reading a thread, starting a topic, replying. Changing, removing and
// following them are posts-moderation.service.ts.

export type TopicAccess = { forum: ForumAccess; topic: repo.TopicRow };

/** A topic the caller sees (its forum's reach and the class rule), else 404. */
export async function loadTopic(db: Db, auth: AuthContext, topicId: number): Promise<TopicAccess> {
  const forumId = await findTopicForumId(db, topicId);
  if (forumId === null) throw notFound('The topic');
  const forum = await loadForum(db, auth, forumId).catch(() => {
    throw notFound('The topic');
  });
  const topic = await findVisibleTopic(db, auth, forum, topicId);
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
    const target = await findPostPath(deps.db, topicId, query.around);
    if (!target) throw notFound('The post');
    const before = await findPostsBefore(deps.db, topicId, me, target.path, 11);
    hasEarlier = before.length > 10;
    const after = await findPostsFrom(
      deps.db,
      topicId,
      me,
      target.path,
      limit - Math.min(before.length, 10) + 1,
    );
    posts = [...before.slice(0, 10).reverse(), ...after];
  } else {
    posts = await findPostsAfter(deps.db, topicId, me, query.after, limit + 1);
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
  if ((await countRecentPosts(tx, userId)) >= DISCUSSION_POSTS_PER_MINUTE)
    throw new AppError(429, 'RATE_LIMITED', 'You are posting very fast: wait a minute.', {
      retryAfterSeconds: 60,
    });
}

/** A graded discussion's word minimum, for its learners (spec §5 'Not enough words.'). */
export function assertWords(f: ForumAccess, body: string): number {
  const words = countWords(body);
  const min = f.item?.settings.minWordsPerPost ?? null;
  const problem = actsAsLearner(f)
    ? wordBoundsProblem(words, { minWords: min, maxWords: null })
    : null;
  if (min !== null && problem) throw badRequest(problem.text, { body: problem.text });
  return words;
}

export async function onePost(
  deps: Deps,
  auth: AuthContext,
  a: TopicAccess,
  postId: number,
): Promise<Post> {
  const row = await findOnePost(deps.db, Number(a.topic.id), auth.user.jwlId, postId);
  if (!row) throw notFound('The post');
  return repo.toPost(row, viewerOf(auth, a));
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
  const earlier = await findPostByClientId(deps.db, input.clientId);
  if (earlier) return answerCreatedTopic(deps, auth, Number(earlier.topic_id), earlier, me);
  await assertMayPost(deps.db, auth, forum);
  const noTopic = whyNoTopic(forum);
  if (noTopic) throw noTopic;
  const words = assertWords(forum, input.body);
  const classId = topicClass(forum, input.classId ?? null);
  const topicId = await deps.db.transaction(async (tx) => {
    await assertPace(tx, me);
    const id = await insertTopic(
      tx,
      {
        clientId: input.clientId,
        forumId: forum.id,
        courseId: forum.courseId,
        classId,
        title: input.title,
      },
      me,
    );
    await insertPost(tx, {
      clientId: input.clientId,
      topicId: id,
      courseId: forum.courseId,
      parent: null,
      authorId: me,
      body: input.body,
      words,
    });
    await setSubscription(tx, me, id, true);
    if (forum.item && actsAsLearner(forum)) await recordRequirement(tx, auth, forum);
    return id;
  });
  const post = await findPostByClientId(deps.db, input.clientId);
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
  const earlier = await findPostByClientId(deps.db, input.clientId);
  if (earlier) {
    if (earlier.author_id !== me || Number(earlier.topic_id) !== topicId)
      throw notFound('The post');
    return onePost(deps, auth, a, Number(earlier.id));
  }
  await assertMayPost(deps.db, auth, a.forum);
  const words = assertWords(a.forum, input.body);
  const id = await deps.db.transaction(async (tx) => {
    const locked = await lockTopic(tx, topicId);
    if (locked !== false) throw LOCKED();
    await assertPace(tx, me);
    const parent = await findParentPost(tx, topicId, input.parentId);
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
