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
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import { loadReadableCourse } from '../content/public';
import {
  actsAsLearner,
  loadForum,
  mayModerate,
  whyNoPost,
  whyNoTopic,
  type ForumAccess,
} from './discussions.access';
import * as repo from './discussions.repository';
import {
  findCourseForums,
  findForumClasses,
  findForumTopics,
  findItemForumId,
  findUnitTitle,
  findUnitsWithoutForum,
  forumHasTopics,
  insertForum,
  markForumDeleted,
  updateForumRow,
} from './discussions-forums.repository';
import { requirementOf } from './graded.service';

/** The forum as the caller sees it: what they may do, their classes, their own progress. */
export async function forumView(db: Db, auth: AuthContext, f: ForumAccess): Promise<Forum> {
  const why = await whyNoPost(db, auth, f);
  const learner = actsAsLearner(f);
  const classes = learner ? [] : await findForumClasses(db, auth, f);
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
  const found = await findForumTopics(deps.db, auth, f, {
    classId: query.classId,
    cursor,
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
  const found = await findCourseForums(deps.db, courseId, me, author);
  const units = author ? await findUnitsWithoutForum(deps.db, courseId) : [];
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
    const unit = await findUnitTitle(deps.db, courseId, unitId);
    if (!unit)
      throw badRequest('This unit is not in the course.', {
        unitId: 'This unit is not in the course.',
      });
    title ??= `Discussion: ${unit.title}`.slice(0, 200);
  } else {
    title ??= 'Course discussion';
  }
  return deps.db.transaction(async (tx) => {
    const id = await insertForum(tx, courseId, unitId, title);
    if (id === null) throw exists();
    await audit(tx, auth, {
      action: 'discussion.forum.create',
      entityType: 'discussion_forum',
      entityId: id,
      changes: { courseId, unitId, title },
    });
    return { id };
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
    const changed = await updateForumRow(tx, forumId, input);
    if (!changed)
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
    const found = await forumHasTopics(tx, forumId);
    if (found) throw new AppError(409, 'HAS_SUBMISSIONS', 'This forum has posts: lock it instead.');
    await markForumDeleted(tx, forumId);
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
  const id = await findItemForumId(deps.db, itemId);
  if (id === null) throw notFound('The discussion');
  await loadForum(deps.db, auth, id);
  return { forumId: id };
}
