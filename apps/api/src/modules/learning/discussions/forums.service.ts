import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  DISCUSSION_TOPIC_PAGE,
  type CourseForums,
  type Forum,
  type ForumCreate,
  type ForumUpdate,
  type TopicsPage,
  type TopicsQuery,
} from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { loadCourseToAuthor, seesAllCourses } from '../../../lib/learning-scope';
import { classInScope, classScope } from '../../../lib/class-scope';
import { rows } from '../../../lib/sql';
import { loadReadableCourse } from '../content/public';
import {
  actsAsLearner,
  loadForum,
  mayModerate,
  topicVisible,
  whyNoPost,
  whyNoTopic,
  type ForumAccess,
} from './discussions.access';
import * as repo from './discussions.repository';
import { requirementOf } from './graded.service';

/** The forum as the caller sees it: what they may do, their classes, their own progress. */
export async function forumView(db: Db, auth: AuthContext, f: ForumAccess): Promise<Forum> {
  const why = await whyNoPost(db, auth, f);
  const learner = actsAsLearner(f);
  const classes = learner
    ? []
    : await rows<{ id: number; name: string }>(
        db,
        sql`select k.id, k.name from classes k where k.programme_id = ${f.programmeId}
              and ${f.mayAuthor || seesAllCourses(auth) ? sql`true` : classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}
            order by k.name, k.id`,
      );
  const mine = f.item && learner ? await requirementOf(db, f, auth.user.jwlId) : null;
  return {
    id: f.id,
    courseId: f.courseId,
    course: f.course,
    unit: f.unit,
    item: f.item
      ? {
          id: f.item.id,
          title: f.item.title,
          minPosts: f.item.settings.minPosts,
          minReplies: f.item.settings.minReplies,
          minWordsPerPost: f.item.settings.minWordsPerPost,
          dueAt: f.item.dueAt?.toISOString() ?? null,
        }
      : null,
    title: f.title,
    topicsBy: f.topicsBy,
    separateClasses: f.separateClasses,
    isLocked: f.isLocked,
    isClosed: f.isClosed,
    version: f.version,
    may: {
      post: why === null,
      startTopic: why === null && whyNoTopic(f) === null,
      moderate: mayModerate(f, null),
      manage: f.mayAuthor && f.item === null,
      why: why?.detail ?? null,
    },
    classes,
    mine: mine ? { posts: mine.posts, replies: mine.replies, handedIn: mine.handedIn } : null,
  };
}

/** A forum's topics, pinned first then by last post, 25 a page (keyset on the same order). */
export async function getTopics(
  deps: Deps,
  auth: AuthContext,
  forumId: number,
  query: TopicsQuery,
): Promise<TopicsPage> {
  const f = await loadForum(deps.db, auth, forumId);
  const cursor = parseCursor(query.after);
  const where = sql`t.forum_id = ${f.id} and ${topicVisible(f, auth)}
    ${query.classId === undefined ? sql`` : sql`and (t.class_id = ${query.classId} or t.class_id is null)`}
    ${
      cursor
        ? sql`and (t.is_pinned::int, t.last_post_at, t.id) < (${cursor.pinned}, ${cursor.at}::timestamptz, ${cursor.id})`
        : sql``
    }`;
  const found = await repo.findTopics(deps.db, {
    userId: auth.user.jwlId,
    where,
    limit: DISCUSSION_TOPIC_PAGE + 1,
  });
  const page = found.slice(0, DISCUSSION_TOPIC_PAGE);
  const last = page.at(-1);
  return {
    forum: await forumView(deps.db, auth, f),
    topics: page.map(repo.toTopic),
    next:
      found.length > DISCUSSION_TOPIC_PAGE && last
        ? `${last.is_pinned ? 1 : 0}.${new Date(last.last_post_at).toISOString()}.${String(last.id)}`
        : null,
  };
}

function parseCursor(after: string | undefined) {
  if (!after) return null;
  const m = /^([01])\.(\d{4}-\d\d-\d\dT[\d:.]+Z)\.(\d{1,18})$/.exec(after);
  if (!m)
    throw badRequest('This page link is not valid.', { after: 'This page link is not valid.' });
  return { pinned: Number(m[1]), at: m[2] ?? '', id: Number(m[3]) };
}

/** The forums of a course the caller reads: the course's, its units', its graded items'. */
export async function listCourseForums(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<CourseForums> {
  const course = await loadReadableCourse(deps.db, auth, courseId);
  const me = auth.user.jwlId;
  const author = course.mayAuthor;
  const found = await rows<{
    id: number;
    title: string;
    unit_id: number | null;
    unit_title: string | null;
    item_id: number | null;
    is_locked: boolean;
    topic_count: number;
    unread: number;
  }>(
    deps.db,
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
  const units = author
    ? await rows<{ id: number; title: string }>(
        deps.db,
        sql`select u.id, u.title from learning_units u where u.course_id = ${courseId} and u.deleted_at is null
              and not exists (select 1 from discussion_forums f where f.unit_id = u.id and f.item_id is null and f.deleted_at is null)
            order by u.position, u.id`,
      )
    : [];
  const mayCreate = author && auth.rights.has('COURSE_DOCUMENT__CREATE');
  return {
    forums: found.map((r) => ({
      id: r.id,
      title: r.title,
      unit: r.unit_id !== null ? { id: r.unit_id, title: r.unit_title ?? '' } : null,
      itemId: r.item_id,
      isLocked: r.is_locked,
      topicCount: r.topic_count,
      unread: r.unread,
    })),
    mayCreate: {
      course: mayCreate && !found.some((r) => r.unit_id === null && r.item_id === null),
      units: mayCreate ? units : [],
    },
  };
}

const exists = () =>
  new AppError(409, 'ALREADY_EXISTS', 'This forum exists already: open it from the list.');

/** An author opens the course's forum or a unit's. */
export async function createForum(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: ForumCreate,
): Promise<{ id: number }> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const unitId = input.unitId ?? null;
  let title = input.title;
  if (unitId !== null) {
    const [unit] = await rows<{ title: string }>(
      deps.db,
      sql`select title from learning_units where id = ${unitId} and course_id = ${courseId} and deleted_at is null`,
    );
    if (!unit)
      throw badRequest('This unit is not in the course.', {
        unitId: 'This unit is not in the course.',
      });
    title ??= `Discussion: ${unit.title}`.slice(0, 200);
  } else {
    title ??= 'Course discussion';
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into discussion_forums (course_id, unit_id, title, topics_by, separate_classes)
          values (${courseId}, ${unitId}, ${title}, 'everyone', true)
          on conflict do nothing returning id`,
    );
    if (!row) throw exists();
    await audit(tx, auth, {
      action: 'discussion.forum.create',
      entityType: 'discussion_forum',
      entityId: row.id,
      changes: { courseId, unitId, title },
    });
    return { id: row.id };
  });
}

/** A course or unit forum the caller authors (an item's forum follows its item), else 404. */
async function forumToAuthor(deps: Deps, auth: AuthContext, forumId: number) {
  const f = await loadForum(deps.db, auth, forumId);
  if (!f.mayAuthor || f.item !== null) throw notFound('The discussion');
  return f;
}

export async function updateForum(
  deps: Deps,
  auth: AuthContext,
  forumId: number,
  input: ForumUpdate,
): Promise<Forum> {
  await forumToAuthor(deps, auth, forumId);
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: number }>(
      tx,
      sql`update discussion_forums set title = coalesce(${input.title ?? null}, title),
            is_locked = coalesce(${input.isLocked ?? null}::boolean, is_locked),
            topics_by = coalesce(${input.topicsBy ?? null}::discussion_topics_by, topics_by),
            separate_classes = coalesce(${input.separateClasses ?? null}::boolean, separate_classes),
            version = version + 1, updated_at = now()
          where id = ${forumId} and version = ${input.version} returning id`,
    );
    if (changed.length === 0)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this forum while you were editing. Reload to see their changes, then edit again.',
      );
    await audit(tx, auth, {
      action: 'discussion.forum.update',
      entityType: 'discussion_forum',
      entityId: forumId,
      changes: { ...input, version: undefined },
    });
  });
  return forumView(deps.db, auth, await loadForum(deps.db, auth, forumId));
}

export async function deleteForum(deps: Deps, auth: AuthContext, forumId: number): Promise<void> {
  await forumToAuthor(deps, auth, forumId);
  await deps.db.transaction(async (tx) => {
    const [posts] = await rows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from discussion_topics where forum_id = ${forumId}) as found`,
    );
    if (posts?.found)
      throw new AppError(409, 'HAS_SUBMISSIONS', 'This forum has posts: lock it instead.');
    await tx.execute(sql`update discussion_forums set deleted_at = now() where id = ${forumId}`);
    await audit(tx, auth, {
      action: 'discussion.forum.delete',
      entityType: 'discussion_forum',
      entityId: forumId,
      changes: {},
    });
  });
}

/** The forum of a graded discussion item the caller reads. */
export async function getItemForum(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<{ forumId: number }> {
  const [row] = await rows<{ id: number }>(
    deps.db,
    sql`select id from discussion_forums where item_id = ${itemId} and deleted_at is null`,
  );
  if (!row) throw notFound('The discussion');
  await loadForum(deps.db, auth, row.id);
  return { forumId: row.id };
}
