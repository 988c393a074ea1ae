import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type {
  GradeOutcome,
  ItemKind,
  TaskDelivery,
  TaskGrading,
  TaskState,
} from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { classInScope, classScope } from '../../../lib/class-scope';
import { gradingScope, learnerReach, seesAllCourses } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';

// The teaching side's reads. Each is a few index reads in SQL; who reaches what comes from
// lib/learning-scope and lib/class-scope only.

/** The condition that a class (alias k) is one the caller reads in lms (seeAllCourses: all). */
export function classReadable(auth: AuthContext): SQL {
  if (seesAllCourses(auth)) return sql`true`;
  return classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth));
}

export type TaskRow = {
  id: number;
  unit_id: number;
  unit_title: string;
  course_id: number;
  title: string;
  kind: ItemKind;
  delivery: TaskDelivery;
  max_points: string | number;
  weight: string | number | null;
  grading: TaskGrading | null;
  rubric: unknown;
  due_at: Date | string | null;
  version: number;
};

/**
 * The graded items of a course in unit and item order: the grade book's and the class page's
 * columns. Units not deleted; `unitId` narrows to one unit.
 */
export async function findTasks(db: Db, courseId: number, unitId?: number): Promise<TaskRow[]> {
  return rows<TaskRow>(
    db,
    sql`select i.id, i.unit_id, u.title as unit_title, i.course_id, i.title, i.kind, i.delivery,
          i.max_points, i.weight, i.grading, i.rubric, i.due_at, i.version
        from learning_items i join learning_units u on u.id = i.unit_id and u.deleted_at is null
        where i.course_id = ${courseId} and i.max_points is not null and i.deleted_at is null
          ${unitId === undefined ? sql`` : sql`and i.unit_id = ${unitId}`}
        order by u.position, u.id, i.position, i.id`,
  );
}

export type CellRow = {
  student_id: number;
  item_id: number;
  sub_id: string | number | null;
  sub_status: 'draft' | 'submitted' | null;
  sub_late: boolean | null;
  g_outcome: GradeOutcome | null;
  g_points: string | number | null;
  g_published: boolean | null;
  g_submission_id: string | number | null;
  g_version: number | null;
};

/**
 * The latest attempt and the grade of each (student, item) pair of the given students and
 * items of a course: two index reads (submissions by student and course, grades by course and
 * student), joined here. The items are picked out in JS: an `item_id = any(…)` in SQL is a
 * filter on every row read, and PostgreSQL parses the bound array text again for each (the
 * 50 × 100 cells of a grade book page took 45 ms instead of 4).
 */
export async function findCells(
  db: Db,
  courseId: number,
  studentIds: readonly number[],
  itemIds: readonly number[],
): Promise<CellRow[]> {
  if (studentIds.length === 0 || itemIds.length === 0) return [];
  const found = await rows<CellRow>(
    db,
    sql`with s as (
          select s.student_id, s.item_id, s.id, s.status, s.late
          from submissions s
          where s.student_id = any(${intArray(studentIds)}) and s.course_id = ${courseId} and s.is_latest
        ), g as (
          select g.student_id, g.item_id, g.outcome, g.points, g.is_published, g.submission_id, g.version
          from grades g
          where g.course_id = ${courseId} and g.student_id = any(${intArray(studentIds)})
        )
        select coalesce(s.student_id, g.student_id) as student_id, coalesce(s.item_id, g.item_id) as item_id,
          s.id as sub_id, s.status as sub_status, s.late as sub_late,
          g.outcome as g_outcome, g.points as g_points, g.is_published as g_published,
          g.submission_id as g_submission_id, g.version as g_version
        from s full join g on g.student_id = s.student_id and g.item_id = s.item_id`,
  );
  const items = new Set(itemIds);
  return found.filter((c) => items.has(c.item_id));
}

const n = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * A learner's state on a task (decision 0019): a published grade of the latest attempt shows as
 * graded or returned; an attempt handed in after it (or without a published grade) as
 * submitted; a draft as draft.
 */
export function cellState(c: CellRow | undefined): TaskState {
  if (!c) return 'not_started';
  const subId = n(c.sub_id);
  const gSub = n(c.g_submission_id);
  const judged = c.g_published === true && (gSub === null || subId === null || gSub === subId);
  if (c.sub_status === 'submitted' && !judged) return 'submitted';
  if (judged) return c.g_outcome === 'returned' ? 'returned' : 'graded';
  if (c.sub_status === 'draft') return 'draft';
  if (c.g_published) return c.g_outcome === 'returned' ? 'returned' : 'graded';
  return 'not_started';
}

export const cellPoints = (c: CellRow | undefined): number | null => (c ? n(c.g_points) : null);

export type SubmissionRow = {
  id: string | number;
  item_id: number;
  student_id: number;
  course_id: number;
  attempt: number;
  status: 'draft' | 'submitted';
  is_latest: boolean;
  text: string | null;
  word_count: number;
  late: boolean;
  submitted_at: Date | string | null;
  item_title: string;
  item_body: string;
  /** The body of the item at the version this attempt was handed in against, if recorded. */
  answered_body: string | null;
  kind: ItemKind;
  delivery: TaskDelivery | null;
  max_points: string | number | null;
  weight: string | number | null;
  grading: TaskGrading | null;
  rubric: unknown;
  due_at: Date | string | null;
  item_version: number;
  course_title: string;
  grading_schema_id: number | null;
  grading_schema_version: number | null;
  class_id: number | null;
  class_name: string | null;
  first_name: string;
  last_name: string;
  in_grading_scope: boolean;
};

/**
 * A handed-in attempt of a graded item, if the caller reaches its learner (learner reach),
 * else null. Drafts stay the learner's own.
 */
export async function findSubmission(
  db: Db,
  auth: AuthContext,
  submissionId: number,
): Promise<SubmissionRow | null> {
  const [row] = await rows<SubmissionRow>(
    db,
    sql`select s.id, s.item_id, s.student_id, s.course_id, s.attempt, s.status, s.is_latest, s.text,
          s.word_count, s.late, s.submitted_at, i.title as item_title, i.body as item_body,
          r.content->>'body' as answered_body, i.kind, i.delivery,
          i.max_points, i.weight, i.grading, i.rubric, i.due_at, i.version as item_version,
          c.title as course_title, p.grading_schema_id, gs.version as grading_schema_version,
          cl.class_id, k.name as class_name, u.first_name, u.last_name,
          ${gradingScope('cl', auth)} as in_grading_scope
        from submissions s
        join learning_items i on i.id = s.item_id and i.deleted_at is null and i.max_points is not null
        left join learning_item_revisions r on r.item_id = s.item_id and r.version = s.item_version
        join programme_courses c on c.id = s.course_id
        join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        join course_learners cl on cl.course_id = s.course_id and cl.student_id = s.student_id
        left join classes k on k.id = cl.class_id
        join users u on u.jwl_id = s.student_id
        where s.id = ${submissionId} and s.status = 'submitted' and ${learnerReach('cl', auth)}
        limit 1`,
  );
  return row ?? null;
}

/** The attempts of a learner at a task, first to last (drafts included, without their text). */
export async function findAttempts(db: Db, itemId: number, studentId: number) {
  return rows<{
    id: string | number;
    attempt: number;
    status: 'draft' | 'submitted';
    submitted_at: Date | string | null;
    late: boolean;
  }>(
    db,
    sql`select id, attempt, status, submitted_at, late from submissions
        where item_id = ${itemId} and student_id = ${studentId} order by attempt`,
  );
}

export async function findSubmissionFiles(db: Db, submissionId: number) {
  return rows<{ id: string; name: string; mime: string; size: number }>(
    db,
    sql`select f.id, sf.name, f.mime, f.size from submission_files sf join files f on f.id = sf.file_id
        where sf.submission_id = ${submissionId} order by sf.position, sf.added_at`,
  );
}

/** The name of a user, for "<name> set this to 7 at 14:02". */
export async function userName(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return 'Someone';
  const [u] = await rows<{ first_name: string; last_name: string }>(
    db,
    sql`select first_name, last_name from users where jwl_id = ${userId}`,
  );
  return u ? `${u.first_name} ${u.last_name}` : 'Someone';
}
