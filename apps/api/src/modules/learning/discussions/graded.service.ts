import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { discussionSettingsSchema, type StudentPosts } from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { courseOfItem, loadLearnerInReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { recordCompletion } from '../work/public';
import type { ForumAccess } from './discussions.access';

// Graded discussions (decision 0020 §4.3): a learner's one submission is made when their live
// posts first meet the requirement, and the grader reads their posts together.

type Requirement = { posts: number; replies: number; handedIn: boolean };

/** A learner's live posts and replies to others in an item's forum, and whether handed in. */
export async function requirementOf(
  db: Db,
  f: Pick<ForumAccess, 'id'> & { item: { id: number } | null },
  studentId: number,
): Promise<Requirement> {
  const [row] = await rows<{ posts: number; replies: number; handed_in: boolean }>(
    db,
    sql`select count(*)::int as posts,
          count(*) filter (where pp.author_id is not null and pp.author_id <> ${studentId})::int as replies,
          exists (select 1 from submissions s where s.item_id = ${f.item?.id ?? 0}
                    and s.student_id = ${studentId} and s.status = 'submitted') as handed_in
        from discussion_posts p
        join discussion_topics t on t.id = p.topic_id and t.forum_id = ${f.id} and t.deleted_at is null
        left join discussion_posts pp on pp.id = p.parent_id
        where p.author_id = ${studentId} and p.removed_at is null`,
  );
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
    await tx.execute(
      sql`update submissions set updated_at = now() where item_id = ${itemId} and student_id = ${me} and is_latest`,
    );
    return;
  }
  const s = f.item.settings;
  if (r.posts < s.minPosts || r.replies < s.minReplies) return;
  const now = new Date();
  const [made] = await rows<{ id: string | number; late: boolean }>(
    tx,
    sql`insert into submissions (item_id, student_id, course_id, attempt, status, is_latest,
          item_version, late, submitted_at)
        select i.id, ${me}, i.course_id, 1, 'submitted', true, i.version,
          coalesce(coalesce(d.due_at, i.due_at) < ${now.toISOString()}::timestamptz, false),
          ${now.toISOString()}::timestamptz
        from learning_items i
        left join lateral (select x.class_id from course_learners x where x.course_id = i.course_id
                           and x.student_id = ${me} limit 1) cl on true
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        where i.id = ${itemId}
        on conflict do nothing
        returning id, late`,
  );
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
  const [forum] = await rows<{
    id: number;
    settings: unknown;
    first_name: string;
    last_name: string;
  }>(
    deps.db,
    sql`select f.id, i.settings, u.first_name, u.last_name from discussion_forums f
        join learning_items i on i.id = f.item_id and i.kind = 'discussion'
        join users u on u.jwl_id = ${studentId}
        where f.item_id = ${itemId}`,
  );
  if (!forum) throw notFound('The discussion');
  const settings = discussionSettingsSchema.parse(forum.settings ?? {});
  const [grade] = await rows<{ at: Date | string | null }>(
    deps.db,
    sql`select coalesce(graded_at, updated_at) as at from grades where item_id = ${itemId} and student_id = ${studentId}`,
  );
  const gradedAt = grade?.at ?? null;
  const posts = await rows<{
    id: string | number;
    topic_id: string | number;
    topic_title: string;
    parent_author: string | null;
    parent_body: string | null;
    body: string;
    word_count: number;
    created_at: Date | string;
    edited_at: Date | string | null;
    removed: boolean;
  }>(
    deps.db,
    sql`select p.id, t.id as topic_id, t.title as topic_title,
          case when pp.id is not null then concat_ws(' ', pu.first_name, pu.last_name) end as parent_author,
          left(pp.body, 200) as parent_body, p.body, p.word_count, p.created_at, p.edited_at,
          (p.removed_at is not null) as removed
        from discussion_posts p
        join discussion_topics t on t.id = p.topic_id and t.forum_id = ${forum.id} and t.deleted_at is null
        left join discussion_posts pp on pp.id = p.parent_id
        left join users pu on pu.jwl_id = pp.author_id
        where p.author_id = ${studentId}
        order by p.created_at, p.id
        limit 500`,
  );
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
