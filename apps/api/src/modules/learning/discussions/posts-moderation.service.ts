import type { Db } from '@lantern/db/client';
import {
  DISCUSSION_EDIT_MINUTES,
  type Post,
  type PostRemove,
  type PostRevisions,
  type PostUpdate,
  type TopicSummary,
  type TopicUpdate,
} from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { assertMayModerate, assertMayPost, mayModerate } from './discussions.access';
import * as repo from './discussions.repository';
import {
  findOwnPost,
  findRevisions,
  revisePost,
  setPostRemoved,
  setSubscription,
  updateTopicRow,
} from './discussions-posts.repository';
import { assertWords, loadTopic, onePost } from './posts.service';

// Changing a post (its author, in the edit window), its revisions, removing and restoring it
// and changing a topic (moderators), and the caller's read marks and following.

async function loadPost(db: Db, auth: AuthContext, postId: number) {
  const post = await findOwnPost(db, postId);
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
    const changed = await revisePost(tx, postId, input, words, auth.user.jwlId);
    if (!changed)
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
  const found = await findRevisions(deps.db, postId);
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
    await setPostRemoved(tx, postId, remove, auth.user.jwlId, input.reason || null);
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
    const changed = await updateTopicRow(tx, topicId, input);
    if (!changed)
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
  await setSubscription(deps.db, me, topicId, subscribed);
  return { subscribed };
}
