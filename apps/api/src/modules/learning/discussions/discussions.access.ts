import type { Db } from '@lantern/db/client';
import { discussionSettingsSchema } from '@lantern/contracts/discussions';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { loadSubmitContext } from '../learner-policy/public';
import { findForumRow } from './discussions-access.repository';
import { actsAsLearner, type ForumAccess } from './forum-access';

export { actsAsLearner, type ForumAccess } from './forum-access';

// Who reads, posts in and moderates a forum (decision 0020 §4.2). Every discussion route asks
// here: a forum out of reach is "not found"; the posting and moderating rules are each one
// function below.

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** The forum if the caller reads it, else 404 (as an unknown id). */
export async function loadForum(db: Db, auth: AuthContext, forumId: number): Promise<ForumAccess> {
  const row = await findForumRow(db, auth, forumId);
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
