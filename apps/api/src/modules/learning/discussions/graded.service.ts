import type { Db } from '@lantern/db/client';
import { discussionSettingsSchema, type StudentPosts } from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { courseOfItem, loadLearnerInReach } from '../../../lib/learning-scope';
import { recordCompletion } from '../work/public';
import type { ForumAccess } from './forum-access';
import {
  countLearnerPosts,
  findGradedAt,
  findGradedForum,
  findLearnerPosts,
  insertDiscussionSubmission,
  touchLatestSubmission,
} from './discussions-forums.repository';

// Graded discussions (decision 0020 §4.3): a learner's one submission is made when their live
// posts first meet the requirement, and the grader reads their posts together.

type Requirement = { posts: number; replies: number; handedIn: boolean };

/** A learner's live posts and replies to others in an item's forum, and whether handed in. */
export async function requirementOf(
  db: Db,
  f: Pick<ForumAccess, 'id'> & { item: { id: number } | null },
  studentId: number,
): Promise<Requirement> {
  const row = await countLearnerPosts(db, f.id, f.item?.id ?? 0, studentId);
  return { posts: row?.posts ?? 0, replies: row?.replies ?? 0, handedIn: row?.handed_in ?? false };
}

/**
 * After a learner's post in a graded discussion, in its transaction: the first time their live
 * posts meet the requirement their submission (attempt 1) is made, late against their due date,
 * and the item counts as done; later posts only touch it. Removals never take it back.
 */
export async function recordRequirement(tx: Db, auth: AuthContext, f: ForumAccess): Promise<void> {
  if (!f.item) return;
  const me = auth.user.jwlId;
  const itemId = f.item.id;
  const r = await requirementOf(tx, f, me);
  if (r.handedIn) {
    await touchLatestSubmission(tx, itemId, me);
    return;
  }
  const s = f.item.settings;
  if (r.posts < s.minPosts || r.replies < s.minReplies) return;
  const now = new Date();
  const made = await insertDiscussionSubmission(tx, itemId, me, now);
  if (!made) return;
  await recordCompletion(tx, { studentId: me, itemId, source: 'submitted', at: now });
  await audit(tx, auth, {
    action: 'submission.submit',
    entityType: 'submission',
    entityId: Number(made.id),
    changes: { itemId, attempt: 1, late: made.late, posts: r.posts, replies: r.replies },
  });
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** The grader's view: a learner's posts in the item's forum in time order (decision 0020 §4.3). */
export async function getStudentPosts(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  studentId: number,
): Promise<StudentPosts> {
  const courseId = await courseOfItem(deps.db, itemId);
  await loadLearnerInReach(deps.db, auth, courseId, studentId);
  const forum = await findGradedForum(deps.db, itemId, studentId);
  if (!forum) throw notFound('The discussion');
  const settings = discussionSettingsSchema.parse(forum.settings ?? {});
  const gradedAt = await findGradedAt(deps.db, itemId, studentId);
  const posts = await findLearnerPosts(deps.db, forum.id, studentId);
  const r = await requirementOf(deps.db, { id: forum.id, item: { id: itemId } }, studentId);
  return {
    forumId: forum.id,
    student: { id: studentId, name: `${forum.first_name} ${forum.last_name}` },
    requirement: {
      minPosts: settings.minPosts,
      minReplies: settings.minReplies,
      posts: r.posts,
      replies: r.replies,
    },
    gradedAt: gradedAt === null ? null : iso(gradedAt),
    posts: posts.map((p) => ({
      id: Number(p.id),
      topic: { id: Number(p.topic_id), title: p.topic_title },
      answers:
        p.parent_author !== null ? { author: p.parent_author, excerpt: p.parent_body ?? '' } : null,
      body: p.body,
      wordCount: p.word_count,
      createdAt: iso(p.created_at),
      editedAt: p.edited_at === null ? null : iso(p.edited_at),
      removed: p.removed,
      afterGrade: gradedAt !== null && new Date(p.created_at) > new Date(gradedAt),
    })),
  };
}
