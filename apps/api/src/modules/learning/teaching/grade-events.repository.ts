import { sql } from 'drizzle-orm';
import type { GradeOutcome } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';

// The statements of the grade ledger's one writer (grade-events.ts): the projection `grades`,
// the ledger `grade_events` and the grade columns of `course_progress`.

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

const toGrade = (r: Raw): GradeRow => ({
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

/** The values a grade takes from an event (grade-events.ts works them out). */
export type GradeValues = {
  submissionId: number | null;
  outcome: GradeOutcome;
  points: number | null;
  comment: string | null;
  rubricScores: Record<string, string> | null;
};

/** What the upsert of a grade and its event need besides the values. */
export type GradeWrite = {
  itemId: number;
  studentId: number;
  courseId: number;
  maxPoints: number;
  gradingSchemaId: number | null;
  gradingSchemaVersion: number | null;
  itemVersion: number;
  actorId: number | null;
};

/**
 * Writes the grade's new state if it is still at `beforeVersion`; null when a concurrent first
 * grade took the row meanwhile. `keeps`: the grader and time of grading stay as they were.
 */
export async function upsertGrade(
  tx: Db,
  event: GradeWrite,
  values: GradeValues,
  published: boolean,
  keeps: boolean,
  beforeVersion: number,
): Promise<GradeRow | null> {
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
        where grades.version = ${beforeVersion}
        returning ${GRADE_COLUMNS}`,
  );
  return saved ? toGrade(saved) : null;
}

/** One event of the ledger: the grade before and after, who and why. */
export type GradeEventWrite = GradeWrite & {
  action: string;
  impersonatorId: number | null;
  reason?: string | null;
  requestId?: number | null;
};

/** Appends one task grade's event (old → new) to the ledger. */
export async function insertGradeEvent(
  tx: Db,
  event: GradeEventWrite,
  before: GradeRow | null,
  after: GradeRow,
  keeps: boolean,
): Promise<void> {
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
}

/** Moves a learner's course grade totals by a delta (see applyGradeEvent for why in two steps). */
export async function moveCourseProgress(
  tx: Db,
  studentId: number,
  courseId: number,
  delta: { graded: number; points: number; weighted: number },
): Promise<void> {
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
        where student_id = ${studentId} and course_id = ${courseId}
        returning student_id`,
  );
  if (moved.length === 0)
    await tx.execute(
      sql`insert into course_progress (student_id, course_id, tasks_graded, points_published,
            weighted_published, last_activity_at)
          values (${studentId}, ${courseId}, ${delta.graded}, ${delta.points},
            ${delta.weighted}, now())
          on conflict (student_id, course_id) do update set
            tasks_graded = course_progress.tasks_graded + ${delta.graded},
            points_published = course_progress.points_published + ${delta.points},
            weighted_published = course_progress.weighted_published + ${delta.weighted},
            version = course_progress.version + 1`,
    );
}
