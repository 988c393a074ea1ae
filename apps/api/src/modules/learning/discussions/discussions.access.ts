import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { discussionSettingsSchema, type DiscussionTopicsBy } from '@lantern/contracts/discussions';
import type { UnitStatus } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { authoringReach, courseReach, seesAllCourses } from '../../../lib/learning-scope';
import { classInScope, classScope } from '../../../lib/class-scope';
import { rows } from '../../../lib/sql';
import { loadSubmitContext } from '../learner-policy/public';

// Who reads, posts in and moderates a forum (decision 0020 §4.2). Every discussion route asks
// here: a forum out of reach is "not found"; the posting and moderating rules are each one
// function below.

type ForumRow = {
  id: number;
  course_id: number;
  programme_id: number;
  course_code: string;
  course_title: string;
  unit_id: number | null;
  unit_title: string | null;
  unit_status: UnitStatus | null;
  unit_opens_at: Date | string | null;
  item_id: number | null;
  item_title: string | null;
  item_settings: unknown;
  item_due_at: Date | string | null;
  item_visible: boolean;
  item_unit_status: UnitStatus | null;
  title: string;
  topics_by: DiscussionTopicsBy;
  separate_classes: boolean;
  is_locked: boolean;
  version: number;
  may_author: boolean;
  learner_class_id: number | null;
  is_learner: boolean;
  learner_may_submit: boolean | null;
  seats: number[] | null;
};

export type ForumAccess = {
  id: number;
  courseId: number;
  programmeId: number;
  course: { id: number; code: string; title: string };
  unit: { id: number; title: string } | null;
  item: {
    id: number;
    title: string;
    dueAt: Date | null;
    settings: ReturnType<typeof discussionSettingsSchema.parse>;
  } | null;
  title: string;
  topicsBy: DiscussionTopicsBy;
  separateClasses: boolean;
  isLocked: boolean;
  /** The unit (the forum's, or its item's) is closed: read only. */
  isClosed: boolean;
  version: number;
  mayAuthor: boolean;
  /** The caller learns in the course (their `course_learners` row). */
  learner: { classId: number | null; maySubmit: boolean } | null;
  /** Classes of the course's programme where the caller has a seat. */
  seats: number[];
};

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** The forum if the caller reads it, else 404 (as an unknown id). */
export async function loadForum(db: Db, auth: AuthContext, forumId: number): Promise<ForumAccess> {
  const me = auth.user.jwlId;
  const [row] = await rows<ForumRow>(
    db,
    sql`select f.id, f.course_id, c.programme_id, c.code as course_code, c.title as course_title,
          coalesce(f.unit_id, i.unit_id) as unit_id, u.title as unit_title, u.status as unit_status,
          u.opens_at as unit_opens_at,
          f.item_id, i.title as item_title, i.settings as item_settings, i.due_at as item_due_at,
          coalesce(i.is_published and i.deleted_at is null
            and (i.visible_from is null or i.visible_from <= now()), true) as item_visible,
          u.status as item_unit_status,
          f.title, f.topics_by, f.separate_classes, f.is_locked, f.version,
          ${authoringReach(sql`p.id`, auth)} as may_author,
          cl.class_id as learner_class_id, (cl.student_id is not null) as is_learner,
          cl.may_submit as learner_may_submit,
          (select array_agg(cs.class_id) from class_staff cs join classes k on k.id = cs.class_id
             where cs.user_id = ${me} and k.programme_id = p.id) as seats
        from discussion_forums f
        join programme_courses c on c.id = f.course_id
        join programmes p on p.id = c.programme_id
        left join learning_items i on i.id = f.item_id
        left join learning_units u on u.id = coalesce(f.unit_id, i.unit_id) and u.deleted_at is null
        left join lateral (select x.student_id, x.class_id, x.may_submit from course_learners x
                           where x.course_id = f.course_id and x.student_id = ${me}
                           order by x.may_submit desc limit 1) cl on true
        where f.id = ${forumId} and f.deleted_at is null
          and (${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`,
  );
  if (!row) throw notFound('The discussion');
  const hasUnit = row.unit_id !== null;
  if (hasUnit && row.unit_status === null) throw notFound('The discussion');
  // Those who do not author the course see only released units and published items.
  if (!row.may_author) {
    const opensAt = toDate(row.unit_opens_at);
    if (row.unit_status === 'draft' || (opensAt && opensAt > new Date()) || !row.item_visible)
      throw notFound('The discussion');
  }
  const settings = discussionSettingsSchema.safeParse(row.item_settings ?? {});
  return {
    id: row.id,
    courseId: row.course_id,
    programmeId: row.programme_id,
    course: { id: row.course_id, code: row.course_code, title: row.course_title },
    unit: row.unit_id !== null ? { id: row.unit_id, title: row.unit_title ?? '' } : null,
    item:
      row.item_id !== null
        ? {
            id: row.item_id,
            title: row.item_title ?? '',
            dueAt: toDate(row.item_due_at),
            settings: settings.success ? settings.data : discussionSettingsSchema.parse({}),
          }
        : null,
    title: row.title,
    topicsBy: row.topics_by,
    separateClasses: row.separate_classes,
    isLocked: row.is_locked,
    isClosed: row.unit_status === 'closed',
    version: row.version,
    mayAuthor: row.may_author,
    learner: row.is_learner
      ? { classId: row.learner_class_id, maySubmit: row.learner_may_submit ?? false }
      : null,
    seats: row.seats ?? [],
  };
}

/** Learns in the course and neither teaches it nor authors it: reads and posts as a learner. */
export const actsAsLearner = (f: ForumAccess): boolean =>
  f.learner !== null && !f.mayAuthor && f.seats.length === 0;

/**
 * The condition that a topic (alias t) is one the caller sees: with separate classes, a learner
 * sees topics of every class and of their own; staff those of the classes they reach.
 */
export function topicVisible(f: ForumAccess, auth: AuthContext): SQL {
  if (!f.separateClasses || f.mayAuthor || seesAllCourses(auth)) return sql`true`;
  if (actsAsLearner(f))
    return f.learner?.classId
      ? sql`(t.class_id is null or t.class_id = ${f.learner.classId})`
      : sql`t.class_id is null`;
  return sql`(t.class_id is null or exists (select 1 from classes k where k.id = t.class_id
            and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}))`;
}

const conflict = (code: ConstructorParameters<typeof AppError>[1], detail: string) =>
  new AppError(409, code, detail);

export const NOT_PARTICIPANT = () =>
  new AppError(
    403,
    'NOT_PARTICIPANT',
    'Only the learners, teachers and authors of this course take part in its discussions.',
  );
export const LOCKED = () =>
  conflict('DISCUSSION_LOCKED', 'This discussion is closed for new posts.');

/**
 * Why the caller may not write in the forum now, or null (decision 0020 §4.2): impersonation,
 * not a participant, a read-only enrolment, a closed unit, a lock; in a graded discussion also
 * a study break and the cut-off (the hand-in checks of 0019, as far as they apply).
 */
export async function whyNoPost(
  db: Db,
  auth: AuthContext,
  f: ForumAccess,
): Promise<AppError | null> {
  if (auth.impersonating)
    return new AppError(403, 'IMPERSONATING', 'Posts are written by the person themselves.');
  if (f.learner === null && f.seats.length === 0 && !f.mayAuthor) return NOT_PARTICIPANT();
  if (actsAsLearner(f)) {
    if (f.item) {
      // Before its unit opens or its visible-from day, the item is not there for a learner.
      const c = await loadSubmitContext(db, auth, f.item.id).catch((e: unknown) => {
        if (e instanceof AppError && e.statusCode === 404) return null;
        throw e;
      });
      if (!c) return conflict('ITEM_NOT_OPEN', 'This discussion is not open yet.');
      const r = c.refusal;
      // Attempts do not limit posts: only the refusals about the person and the dates apply.
      if (r && POSTING_REFUSALS.has(r.code)) return r;
    } else if (!f.learner?.maySubmit) {
      return conflict(
        'ENROLMENT_NOT_ACTIVE',
        'Your enrolment is not active: you can read this discussion but not post.',
      );
    }
  }
  if (f.isClosed)
    return conflict(
      'UNIT_CLOSED',
      'This unit is closed: you can read its discussions but not post.',
    );
  if (f.isLocked) return LOCKED();
  return null;
}

const POSTING_REFUSALS = new Set([
  'MISSING_RIGHT',
  'ENROLMENT_NOT_ACTIVE',
  'UNIT_NOT_OPEN',
  'ITEM_NOT_OPEN',
  'UNIT_CLOSED',
  'ON_STUDY_BREAK',
  'PAST_CUTOFF',
]);

export async function assertMayPost(db: Db, auth: AuthContext, f: ForumAccess): Promise<void> {
  const why = await whyNoPost(db, auth, f);
  if (why) throw why;
}

/** Learners start topics only where the forum lets everyone. */
export function whyNoTopic(f: ForumAccess): AppError | null {
  if (f.topicsBy === 'staff' && actsAsLearner(f))
    return conflict('TOPICS_BY_STAFF', 'Only teachers start topics here.');
  return null;
}

/**
 * Whether the caller moderates posts of a class (null: a topic for every class): not a learner
 * of the course, and a seat on that class (any class of the programme for a topic of all) or
 * authoring reach. A wide display right never suffices.
 */
export function mayModerate(f: ForumAccess, classId: number | null): boolean {
  if (f.learner !== null && !f.mayAuthor && f.seats.length === 0) return false;
  if (f.mayAuthor) return true;
  return classId === null ? f.seats.length > 0 : f.seats.includes(classId);
}

export function assertMayModerate(f: ForumAccess, classId: number | null): void {
  if (!mayModerate(f, classId))
    throw new AppError(
      403,
      'NOT_MODERATOR',
      "Only the teachers of this class and the course's authors can moderate this discussion.",
    );
}
