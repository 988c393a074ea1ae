import type { GradeOutcome } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import {
  findGrade,
  insertGradeEvent,
  moveCourseProgress,
  upsertGrade,
  type GradeRow,
} from './grade-events.repository';

export { findGrade, type GradeRow } from './grade-events.repository';

// The one writer of `grades`, `grade_events` and the grade columns of `course_progress`
// (decisions 0019, 0021): every change of a grade is an event appended to the grade ledger in the
// caller's transaction, and the projection and the course's totals move with it, never later.

/**
 * What the grader wants the grade to be. `publish` and `unpublish` take the values as they are;
 * `change` (an approved grade-change request) sets new values and keeps the grade published.
 */
export type GradeEvent = {
  action: 'save' | 'publish' | 'override' | 'auto' | 'unpublish' | 'change';
  itemId: number;
  studentId: number;
  courseId: number;
  /** The grade's version the caller saw; 0 when there was none. A different one is a conflict. */
  expectedVersion: number;
  /** save / override: the new values. */
  values?: {
    submissionId: number | null;
    outcome: GradeOutcome;
    points: number | null;
    comment: string | null;
    rubricScores: Record<string, string> | null;
  };
  /** From the item at the time of grading. */
  maxPoints: number;
  weight: number | null;
  itemVersion: number;
  gradingSchemaId: number | null;
  gradingSchemaVersion: number | null;
  /** null: a machine's grade (`auto`). */
  actorId: number | null;
  impersonatorId: number | null;
  reason?: string | null;
  /** The request that caused it (an undo-publish or grade-change request). */
  requestId?: number | null;
};

/** Whether the grade is published after the event (`change` keeps it as it was). */
function publishedAfter(action: GradeEvent['action'], before: GradeRow | null): boolean {
  if (action === 'save' || action === 'unpublish') return false;
  if (action === 'change') return before?.isPublished ?? false;
  return true;
}

/** Actions that take the grade's values as they are rather than new ones. */
const KEEPS_VALUES = new Set<GradeEvent['action']>(['publish', 'unpublish']);

/** A 409 GRADE_CHANGED carrying the grade as it is now. */
export class GradeChanged extends AppError {
  constructor(
    readonly currentGrade: GradeRow | null,
    detail: string,
  ) {
    super(409, 'GRADE_CHANGED', detail, { current: currentGrade });
  }
}

/** What a published grade adds to the course's totals (returned work adds nothing). */
function contribution(
  g: { outcome: GradeOutcome; points: number | null; isPublished: boolean; maxPoints: number },
  weight: number | null,
) {
  if (!g.isPublished || g.outcome !== 'graded' || g.points === null)
    return { graded: 0, points: 0, weighted: 0 };
  return { graded: 1, points: g.points, weighted: ((weight ?? 1) * g.points) / g.maxPoints };
}

/**
 * Applies one grade event in the caller's transaction: locks the grade row, checks the
 * version, appends the event (old → new), updates the projection and the course's grade
 * totals. Returns the grade before and after. A version other than the one seen is
 * GRADE_CHANGED with the grade as it is; the caller decides on rights and states beforehand.
 */
export async function applyGradeEvent(
  tx: Db,
  event: GradeEvent,
): Promise<{ before: GradeRow | null; after: GradeRow }> {
  const before = await findGrade(tx, event.itemId, event.studentId, true);
  if ((before?.version ?? 0) !== event.expectedVersion)
    throw new GradeChanged(before, 'This grade was changed meanwhile; yours was not saved.');
  if (event.action === 'publish' && !before)
    throw new AppError(409, 'CONFLICT', 'There is no grade to publish yet.');
  if ((event.action === 'unpublish' || event.action === 'change') && !before?.isPublished)
    throw new AppError(409, 'CONFLICT', 'This grade is not published.');

  const keeps = KEEPS_VALUES.has(event.action);
  const values = keeps
    ? {
        submissionId: before?.submissionId ?? null,
        outcome: before?.outcome ?? 'graded',
        points: before?.points ?? null,
        comment: before?.comment ?? null,
        rubricScores: before?.rubricScores ?? null,
      }
    : event.values;
  if (!values) throw new Error(`grade event ${event.action} without values`);
  const published = publishedAfter(event.action, before);
  const version = (before?.version ?? 0) + 1;

  const after = await upsertGrade(tx, event, values, published, keeps, before?.version ?? 0);
  // Nothing written: a concurrent first grade took the row between our read and our write.
  if (!after) {
    const now = await findGrade(tx, event.itemId, event.studentId);
    throw new GradeChanged(now, 'This grade was changed meanwhile; yours was not saved.');
  }
  if (after.version !== version) throw new Error('grade version out of step');

  await insertGradeEvent(tx, event, before, after, keeps);

  const was = before ? contribution(before, event.weight) : { graded: 0, points: 0, weighted: 0 };
  const now = contribution(after, event.weight);
  const delta = {
    graded: now.graded - was.graded,
    points: now.points - was.points,
    weighted: now.weighted - was.weighted,
  };
  if (delta.graded !== 0 || delta.points !== 0 || delta.weighted !== 0)
    await moveCourseProgress(tx, event.studentId, event.courseId, delta);
  return { before, after };
}

/** A machine's grade of an attempt: a training's score, a quiz's marks (decision 0020 §1.3). */
export type AutoGrade = {
  itemId: number;
  studentId: number;
  courseId: number;
  submissionId: number;
  points: number;
  maxPoints: number;
  weight: number | null;
  itemVersion: number;
  gradingSchemaId: number | null;
  gradingSchemaVersion: number | null;
};

/**
 * The one writer of machine grades, in the caller's transaction: published at once with no
 * grader. It never replaces a grade a person set (`skipped`), and a resent result that changes
 * nothing writes no event (`unchanged`).
 */
export async function applyAutoGrade(
  tx: Db,
  grade: AutoGrade,
): Promise<'applied' | 'skipped' | 'unchanged'> {
  const before = await findGrade(tx, grade.itemId, grade.studentId, true);
  if (before && before.gradedBy !== null) return 'skipped';
  if (
    before &&
    before.isPublished &&
    before.outcome === 'graded' &&
    before.points === grade.points &&
    before.submissionId === grade.submissionId
  )
    return 'unchanged';
  await applyGradeEvent(tx, {
    action: 'auto',
    itemId: grade.itemId,
    studentId: grade.studentId,
    courseId: grade.courseId,
    expectedVersion: before?.version ?? 0,
    values: {
      submissionId: grade.submissionId,
      outcome: 'graded',
      points: grade.points,
      comment: null,
      rubricScores: null,
    },
    maxPoints: grade.maxPoints,
    weight: grade.weight,
    itemVersion: grade.itemVersion,
    gradingSchemaId: grade.gradingSchemaId,
    gradingSchemaVersion: grade.gradingSchemaVersion,
    actorId: null,
    impersonatorId: null,
  });
  return 'applied';
}
