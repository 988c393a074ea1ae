import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ForumUpdate } from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import { seesAllCourses } from '../../../lib/learning-scope';
import { classInScope, classScope } from '../../../lib/class-scope';
import { rows } from '../../../lib/sql';
import { topicVisible } from './discussions-access.repository';
import { findTopics, type TopicRow } from './discussions.repository';
import type { ForumAccess } from './forum-access';

// The statements of forums (forums.service.ts) and of graded discussions (graded.service.ts).

/** The classes of the forum's programme the caller reaches (all for its authors). */
export async function findForumClasses(db: Db, auth: AuthContext, f: ForumAccess) {
  return rows<{ id: number; name: string }>(
    db,
    sql`select k.id, k.name from classes k where k.programme_id = ${f.programmeId}
          and ${f.mayAuthor || seesAllCourses(auth) ? sql`true` : classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}
        order by k.name, k.id`,
  );
}

/** A page of a forum's topics the caller sees, after the keyset `cursor`, in one class or all. */
export async function findForumTopics(
  db: Db,
  auth: AuthContext,
  f: ForumAccess,
  query: {
    classId: number | undefined;
    cursor: { pinned: number; at: string; id: number } | null;
    limit: number;
  },
): Promise<TopicRow[]> {
  const cursor = query.cursor;
  const where = sql`t.forum_id = ${f.id} and ${topicVisible(f, auth)}
    ${query.classId === undefined ? sql`` : sql`and (t.class_id = ${query.classId} or t.class_id is null)`}
    ${
      cursor
        ? sql`and (t.is_pinned::int, t.last_post_at, t.id) < (${cursor.pinned}, ${cursor.at}::timestamptz, ${cursor.id})`
        : sql``
    }`;
  return findTopics(db, { userId: auth.user.jwlId, where, limit: query.limit });
}

/** The forums of a course with their topics and the caller's unread posts; `author` sees all. */
export async function findCourseForums(db: Db, courseId: number, me: number, author: boolean) {
  return rows<{
    id: number;
    title: string;
    unit_id: number | null;
    unit_title: string | null;
    item_id: number | null;
    is_locked: boolean;
    topic_count: number;
    unread: number;
  }>(
    db,
    sql`select f.id, f.title, u.id as unit_id, u.title as unit_title, f.item_id, f.is_locked,
          (select count(*)::int from discussion_topics t where t.forum_id = f.id and t.deleted_at is null) as topic_count,
          (select coalesce(sum(greatest(t.post_count - coalesce(r.read_count, 0), 0)), 0)::int
             from discussion_topics t left join discussion_reads r on r.topic_id = t.id and r.user_id = ${me}
             where t.forum_id = f.id and t.deleted_at is null) as unread
        from discussion_forums f
        left join learning_items i on i.id = f.item_id
        left join learning_units u on u.id = coalesce(f.unit_id, i.unit_id)
        where f.course_id = ${courseId} and f.deleted_at is null
          and (f.item_id is null or (i.deleted_at is null ${author ? sql`` : sql`and i.is_published and (i.visible_from is null or i.visible_from <= now())`}))
          and (u.id is null or (u.deleted_at is null ${author ? sql`` : sql`and u.status <> 'draft' and (u.opens_at is null or u.opens_at <= now())`}))
        order by (f.unit_id is not null or f.item_id is not null), u.position nulls first, u.id, f.item_id nulls first, f.id`,
  );
}

/** The course's units that have no forum of their own yet. */
export async function findUnitsWithoutForum(db: Db, courseId: number) {
  return rows<{ id: number; title: string }>(
    db,
    sql`select u.id, u.title from learning_units u where u.course_id = ${courseId} and u.deleted_at is null
          and not exists (select 1 from discussion_forums f where f.unit_id = u.id and f.item_id is null and f.deleted_at is null)
        order by u.position, u.id`,
  );
}

/** The title of a unit of the course, if it is one. */
export async function findUnitTitle(db: Db, courseId: number, unitId: number) {
  const [unit] = await rows<{ title: string }>(
    db,
    sql`select title from learning_units where id = ${unitId} and course_id = ${courseId} and deleted_at is null`,
  );
  return unit;
}

/** Opens a course or unit forum; null when it exists already. */
export async function insertForum(
  tx: Db,
  courseId: number,
  unitId: number | null,
  title: string,
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into discussion_forums (course_id, unit_id, title, topics_by, separate_classes)
        values (${courseId}, ${unitId}, ${title}, 'everyone', true)
        on conflict do nothing returning id`,
  );
  return row ? row.id : null;
}

/** Changes a forum still at `input.version`; false when it changed meanwhile. */
export async function updateForumRow(
  tx: Db,
  forumId: number,
  input: ForumUpdate,
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update discussion_forums set title = coalesce(${input.title ?? null}, title),
          is_locked = coalesce(${input.isLocked ?? null}::boolean, is_locked),
          topics_by = coalesce(${input.topicsBy ?? null}::discussion_topics_by, topics_by),
          separate_classes = coalesce(${input.separateClasses ?? null}::boolean, separate_classes),
          version = version + 1, updated_at = now()
        where id = ${forumId} and version = ${input.version} returning id`,
  );
  return changed.length > 0;
}

/** Whether the forum has any topic. */
export async function forumHasTopics(tx: Db, forumId: number): Promise<boolean> {
  const [posts] = await rows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from discussion_topics where forum_id = ${forumId}) as found`,
  );
  return posts?.found === true;
}

/** Deletes a forum (softly). */
export async function markForumDeleted(tx: Db, forumId: number): Promise<void> {
  await tx.execute(sql`update discussion_forums set deleted_at = now() where id = ${forumId}`);
}

/** The forum of a graded discussion item, if any. */
export async function findItemForumId(db: Db, itemId: number): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from discussion_forums where item_id = ${itemId} and deleted_at is null`,
  );
  return row ? row.id : null;
}

/** A learner's live posts and replies to others in an item's forum, and whether handed in. */
export async function countLearnerPosts(
  db: Db,
  forumId: number,
  itemId: number,
  studentId: number,
) {
  const [row] = await rows<{ posts: number; replies: number; handed_in: boolean }>(
    db,
    sql`select count(*)::int as posts,
          count(*) filter (where pp.author_id is not null and pp.author_id <> ${studentId})::int as replies,
          exists (select 1 from submissions s where s.item_id = ${itemId}
                    and s.student_id = ${studentId} and s.status = 'submitted') as handed_in
        from discussion_posts p
        join discussion_topics t on t.id = p.topic_id and t.forum_id = ${forumId} and t.deleted_at is null
        left join discussion_posts pp on pp.id = p.parent_id
        where p.author_id = ${studentId} and p.removed_at is null`,
  );
  return row;
}

/** Touches the learner's latest attempt at the item. */
export async function touchLatestSubmission(tx: Db, itemId: number, studentId: number) {
  await tx.execute(
    sql`update submissions set updated_at = now() where item_id = ${itemId} and student_id = ${studentId} and is_latest`,
  );
}

/** Makes the learner's one submission of a graded discussion, late against their due date. */
export async function insertDiscussionSubmission(tx: Db, itemId: number, me: number, now: Date) {
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
  return made;
}

/** The item's forum with its settings and the learner's name. */
export async function findGradedForum(db: Db, itemId: number, studentId: number) {
  const [forum] = await rows<{
    id: number;
    settings: unknown;
    first_name: string;
    last_name: string;
  }>(
    db,
    sql`select f.id, i.settings, u.first_name, u.last_name from discussion_forums f
        join learning_items i on i.id = f.item_id and i.kind = 'discussion'
        join users u on u.jwl_id = ${studentId}
        where f.item_id = ${itemId}`,
  );
  return forum;
}

/** When the learner's grade of the item was given, if any. */
export async function findGradedAt(db: Db, itemId: number, studentId: number) {
  const [grade] = await rows<{ at: Date | string | null }>(
    db,
    sql`select coalesce(graded_at, updated_at) as at from grades where item_id = ${itemId} and student_id = ${studentId}`,
  );
  return grade?.at ?? null;
}

/** A learner's posts in a forum in time order (500 at most), with what each answers. */
export async function findLearnerPosts(db: Db, forumId: number, studentId: number) {
  return rows<{
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
    db,
    sql`select p.id, t.id as topic_id, t.title as topic_title,
          case when pp.id is not null then concat_ws(' ', pu.first_name, pu.last_name) end as parent_author,
          left(pp.body, 200) as parent_body, p.body, p.word_count, p.created_at, p.edited_at,
          (p.removed_at is not null) as removed
        from discussion_posts p
        join discussion_topics t on t.id = p.topic_id and t.forum_id = ${forumId} and t.deleted_at is null
        left join discussion_posts pp on pp.id = p.parent_id
        left join users pu on pu.jwl_id = pp.author_id
        where p.author_id = ${studentId}
        order by p.created_at, p.id
        limit 500`,
  );
}
