import { sql } from 'drizzle-orm';
import type { GradeOutcome } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import { rows } from '../../../lib/sql';

// The one writer of `grades`, `grade_events` and the grade columns of `course_progress`
// (decisions 0019, 0021): every change of a grade is an event appended to the grade ledger in the
// caller's transaction, and the projection and the course's totals move with it, never later.

export type GradeRow = {
  itemId: number;
  studentId: number;
  courseId: number;
  submissionId: number | null;
  outcome: GradeOutcome;
  points: number | null;
  comment: string | null;
  rubricScores: Record<string, string> | null;
  isPublished: boolean;
  maxPoints: number;
  gradedBy: number | null;
  gradedAt: string;
  publishedAt: string | null;
  version: number;
};

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

type Raw = {
  item_id: number;
  student_id: number;
  course_id: number;
  submission_id: string | number | null;
  outcome: GradeOutcome;
  points: string | number | null;
  comment: string | null;
  rubric_scores: Record<string, string> | null;
  is_published: boolean;
  max_points: string | number;
  graded_by: number | null;
  graded_at: Date | string;
  published_at: Date | string | null;
  version: number;
};

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

export const toGrade = (r: Raw): GradeRow => ({
  itemId: r.item_id,
  studentId: r.student_id,
  courseId: r.course_id,
  submissionId: num(r.submission_id),
  outcome: r.outcome,
  points: num(r.points),
  comment: r.comment,
  rubricScores: r.rubric_scores,
  isPublished: r.is_published,
  maxPoints: Number(r.max_points),
  gradedBy: r.graded_by,
  gradedAt: iso(r.graded_at) ?? '',
  publishedAt: iso(r.published_at),
  version: r.version,
});

const GRADE_COLUMNS = sql`item_id, student_id, course_id, submission_id, outcome, points, comment,
  rubric_scores, is_published, max_points, graded_by, graded_at, published_at, version`;

/** The grade now (locked when `lock`), or null. */
export async function findGrade(
  db: Db,
  itemId: number,
  studentId: number,
  lock = false,
): Promise<GradeRow | null> {
  const [row] = await rows<Raw>(
    db,
    sql`select ${GRADE_COLUMNS} from grades where item_id = ${itemId} and student_id = ${studentId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row ? toGrade(row) : null;
}

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

  const [saved] = await rows<Raw>(
    tx,
    sql`insert into grades (item_id, student_id, course_id, submission_id, outcome, points, comment,
          rubric_scores, is_published, max_points, grading_schema_id, grading_schema_version,
          item_version, graded_by, graded_at, published_by, published_at, version, updated_at)
        values (${event.itemId}, ${event.studentId}, ${event.courseId}, ${values.submissionId},
          ${values.outcome}, ${values.points}, ${values.comment},
          ${values.rubricScores === null ? null : JSON.stringify(values.rubricScores)}::jsonb,
          ${published}, ${event.maxPoints}, ${event.gradingSchemaId}, ${event.gradingSchemaVersion},
          ${event.itemVersion}, ${event.actorId}, now(),
          ${published ? event.actorId : null}::int, ${published ? sql`now()` : sql`null`}, 1, now())
        on conflict (item_id, student_id) do update set
          submission_id = excluded.submission_id, outcome = excluded.outcome,
          points = excluded.points, comment = excluded.comment,
          rubric_scores = excluded.rubric_scores, is_published = excluded.is_published,
          max_points = excluded.max_points, grading_schema_id = excluded.grading_schema_id,
          grading_schema_version = excluded.grading_schema_version,
          item_version = excluded.item_version,
          graded_by = ${keeps ? sql`grades.graded_by` : sql`excluded.graded_by`},
          graded_at = ${keeps ? sql`grades.graded_at` : sql`excluded.graded_at`},
          published_by = excluded.published_by, published_at = excluded.published_at,
          version = grades.version + 1, updated_at = now()
        where grades.version = ${before?.version ?? 0}
        returning ${GRADE_COLUMNS}`,
  );
  // Nothing written: a concurrent first grade took the row between our read and our write.
  if (!saved) {
    const now = await findGrade(tx, event.itemId, event.studentId);
    throw new GradeChanged(now, 'This grade was changed meanwhile; yours was not saved.');
  }
  const after = toGrade(saved);
  if (after.version !== version) throw new Error('grade version out of step');

  await tx.execute(
    sql`insert into grade_events (item_id, student_id, course_id, submission_id, action,
          old_points, new_points, old_outcome, new_outcome, old_published, new_published, comment,
          rubric_scores, max_points, grading_schema_id, grading_schema_version, item_version,
          grade_version, actor_id, impersonator_id, reason, request_id)
        values (${event.itemId}, ${event.studentId}, ${event.courseId}, ${after.submissionId},
          ${event.action}, ${before?.points ?? null}, ${after.points}, ${before?.outcome ?? null},
          ${after.outcome}, ${before?.isPublished ?? null}, ${after.isPublished},
          ${keeps ? null : after.comment},
          ${after.rubricScores === null ? null : JSON.stringify(after.rubricScores)}::jsonb,
          ${event.maxPoints}, ${event.gradingSchemaId}, ${event.gradingSchemaVersion},
          ${event.itemVersion}, ${after.version}, ${event.actorId}, ${event.impersonatorId},
          ${event.reason ?? null}, ${event.requestId ?? null})`,
  );

  const was = before ? contribution(before, event.weight) : { graded: 0, points: 0, weighted: 0 };
  const now = contribution(after, event.weight);
  const delta = {
    graded: now.graded - was.graded,
    points: now.points - was.points,
    weighted: now.weighted - was.weighted,
  };
  if (delta.graded !== 0 || delta.points !== 0 || delta.weighted !== 0) {
    // An update first: the insert half of an upsert checks the table's `>= 0` constraints on the
    // proposed row before it meets the conflict, so a negative move (an unpublish) must not go
    // through it. A row is missing only when nothing was counted yet, so the move is then >= 0;
    // the upsert is for a concurrent first grade of another task that inserted it meanwhile.
    const moved = await rows<{ student_id: number }>(
      tx,
      sql`update course_progress set
            tasks_graded = tasks_graded + ${delta.graded},
            points_published = points_published + ${delta.points},
            weighted_published = weighted_published + ${delta.weighted},
            version = version + 1
          where student_id = ${event.studentId} and course_id = ${event.courseId}
          returning student_id`,
    );
    if (moved.length === 0)
      await tx.execute(
        sql`insert into course_progress (student_id, course_id, tasks_graded, points_published,
              weighted_published, last_activity_at)
            values (${event.studentId}, ${event.courseId}, ${delta.graded}, ${delta.points},
              ${delta.weighted}, now())
            on conflict (student_id, course_id) do update set
              tasks_graded = course_progress.tasks_graded + ${delta.graded},
              points_published = course_progress.points_published + ${delta.points},
              weighted_published = course_progress.weighted_published + ${delta.weighted},
              version = course_progress.version + 1`,
      );
  }
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
