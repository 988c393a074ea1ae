import type { Db } from '@lantern/db/client';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { ITEM_KINDS } from '@lantern/contracts/learning-kinds';
import { ENROLMENT_STATE_LABELS } from '@lantern/contracts/programme';
import type { AuthContext } from '../../../plugins/auth';
import { missingRight } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { statusText } from '../../../lib/programme-status';
import { findSubmitContextRow, type SubmitContextRow } from './learner-policy.repository';
import { dayText } from '../../../lib/dates';

/** What a learner may hand in to, as the checks of decision 0019 "Who may submit" found it. */
export type MaySubmit = {
  itemId: number;
  courseId: number;
  unitId: number;
  kind: ItemKind;
  settings: unknown;
  itemVersion: number;
  dueAt: Date | null;
  lateUntil: Date | null;
  classId: number | null;
};

export type LatestAttempt = {
  id: number;
  attempt: number;
  status: 'draft' | 'submitted';
  version: number;
  clientId: string;
  /** The published decision on this attempt, if any. */
  decision: 'graded' | 'returned' | null;
};

/** Everything a task page and the checks need, loaded in one statement. */
export type SubmitContext = MaySubmit & {
  title: string;
  body: string;
  courseCode: string;
  courseTitle: string;
  unitTitle: string;
  delivery: 'online' | 'onsite' | null;
  maxPoints: number | null;
  programmeTitle: string;
  latest: LatestAttempt | null;
  studyBreakUntil: string | null;
  /** Why one may not save or hand in now; null when one may. */
  refusal: AppError | null;
};

const toDate = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

/**
 * Loads a task as the calling learner sees it and decides whether they may save or hand in
 * now. An item they do not reach, a resource, or an item they cannot see yet (draft unit,
 * unpublished item) is 404 like an unknown id.
 */
export async function loadSubmitContext(
  db: Db,
  auth: AuthContext,
  itemId: number,
  now: Date = new Date(),
): Promise<SubmitContext> {
  const studentId = auth.user.jwlId;
  const today = now.toISOString().slice(0, 10);
  const row = await findSubmitContextRow(db, studentId, itemId, now, today);
  if (!row || !ITEM_KINDS[row.kind].graded) throw notFound('The task');
  // A learner sees only what the unit page shows them (released unit, visible item: one rule,
  // learner-policy.repository.ts); anything else is not there for them, title and instructions too.
  if (!row.learner_sees) throw notFound('The task');
  const latest: LatestAttempt | null =
    row.latest_id === null
      ? null
      : {
          id: Number(row.latest_id),
          attempt: row.latest_attempt ?? 1,
          status: row.latest_status ?? 'draft',
          version: row.latest_version ?? 1,
          clientId: row.latest_client_id ?? '',
          decision: row.decision,
        };
  const settings = ITEM_KINDS[row.kind].settings.safeParse(row.settings);
  const context: SubmitContext = {
    itemId: row.item_id,
    courseId: row.course_id,
    unitId: row.unit_id,
    kind: row.kind,
    settings: settings.success ? settings.data : {},
    itemVersion: row.item_version,
    dueAt: toDate(row.due_at),
    lateUntil: toDate(row.late_until),
    classId: row.class_id,
    title: row.title,
    body: row.body,
    courseCode: row.course_code,
    courseTitle: row.course_title,
    unitTitle: row.unit_title,
    delivery: row.delivery,
    maxPoints: row.max_points === null ? null : Number(row.max_points),
    programmeTitle: row.programme_title,
    latest,
    studyBreakUntil: row.break_until,
    refusal: null,
  };
  context.refusal = refusalOf(auth, row, context, now);
  return context;
}

const refuse = (code: ConstructorParameters<typeof AppError>[1], detail: string) =>
  new AppError(409, code, detail);

function refusalOf(
  auth: AuthContext,
  row: SubmitContextRow,
  c: SubmitContext,
  now: Date,
): AppError | null {
  if (!auth.rights.has('SUBMISSION__CREATE')) return missingRight('SUBMISSION__CREATE');
  if (auth.impersonating)
    return new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  if (!row.may_submit) {
    const state = row.enrolment_state;
    if (state !== null && state !== 'active') {
      const label = ENROLMENT_STATE_LABELS[state];
      return refuse(
        'ENROLMENT_NOT_ACTIVE',
        `Your enrolment in ${row.programme_title} is ${label.toLowerCase()}: you can read this course but not hand in work.`,
      );
    }
    return refuse(
      'ENROLMENT_NOT_ACTIVE',
      `${row.programme_title} is ${statusText(row.programme_status)}: you can read this course but not hand in work.`,
    );
  }
  if (row.unit_status === 'closed')
    return refuse('UNIT_CLOSED', 'This unit is closed: you can read it but not hand in work.');
  if (c.studyBreakUntil)
    return refuse(
      'ON_STUDY_BREAK',
      `You are on a study break until ${dayText(new Date(`${c.studyBreakUntil}T00:00:00Z`))}: you can read, and hand in work again after it.`,
    );
  if (c.lateUntil && now > c.lateUntil)
    return refuse('PAST_CUTOFF', `The last day to hand this in was ${dayText(c.lateUntil)}.`);
  const latest = c.latest;
  // A quiz counts its attempts by its session's rules (quiz/attempts.service.ts).
  if (latest && latest.status === 'submitted' && c.kind !== 'quiz') {
    if (latest.decision === null)
      return refuse('ATTEMPT_NOT_RETURNED', 'You can hand in again once your work is returned.');
    if (latest.decision === 'graded')
      return refuse('ALREADY_SUBMITTED', 'This work is handed in and graded.');
    const max = (c.settings as { maxAttempts?: number | null }).maxAttempts ?? null;
    if (max !== null && latest.attempt >= max)
      return refuse(
        'NO_ATTEMPT_LEFT',
        max === 1
          ? 'This task takes one attempt, and it is used.'
          : `You have used all ${max} attempts at this task.`,
      );
  }
  return null;
}

/**
 * Throws the refusal of decision 0019 "Who may submit" that applies, or answers what the
 * learner may hand in to: used for drafts, submits and submission uploads.
 */
export async function assertMaySubmit(
  db: Db,
  auth: AuthContext,
  itemId: number,
  now?: Date,
): Promise<MaySubmit> {
  const c = await loadSubmitContext(db, auth, itemId, now);
  if (c.refusal) throw c.refusal;
  return {
    itemId: c.itemId,
    courseId: c.courseId,
    unitId: c.unitId,
    kind: c.kind,
    settings: c.settings,
    itemVersion: c.itemVersion,
    dueAt: c.dueAt,
    lateUntil: c.lateUntil,
    classId: c.classId,
  };
}
