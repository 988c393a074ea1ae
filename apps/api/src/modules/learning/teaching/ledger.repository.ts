import { sql, type SQL } from 'drizzle-orm';
import type {
  GradeEventAction,
  GradeEventSubject,
  GradeOutcome,
} from '@lantern/contracts/learning-enums';
import type { GradeHistoryQuery } from '@lantern/contracts/ledger';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { learnerReach } from '../../../lib/learning-scope';
import { intArray, pgArray, rows } from '../../../lib/sql';

// The reads of a student's grade ledger (ledger.service.ts). Every read goes through
// `grade_events_student_idx (student_id, id)`.

/** A learner and the courses of theirs whose work the caller reaches (null courses: none). */
export async function findReachedCourses(db: Db, auth: AuthContext, studentId: number) {
  const [row] = await rows<{
    jwl_id: number;
    first_name: string;
    last_name: string;
    courses: number[] | null;
  }>(
    db,
    sql`select u.jwl_id, u.first_name, u.last_name,
          (select array_agg(distinct cl.course_id) from course_learners cl
            where cl.student_id = u.jwl_id and ${learnerReach('cl', auth)}) as courses
        from users u where u.jwl_id = ${studentId}`,
  );
  return row;
}

export type HistoryRow = {
  id: string | number;
  subject: GradeEventSubject;
  action: GradeEventAction;
  course_id: number;
  course_code: string;
  course_title: string;
  item_id: number | null;
  item_title: string | null;
  old_points: string | number | null;
  new_points: string | number | null;
  old_outcome: GradeOutcome | null;
  new_outcome: GradeOutcome | null;
  old_published: boolean | null;
  new_published: boolean;
  comment: string | null;
  max_points: string | number;
  grading_schema_id: number | null;
  grading_schema_version: number | null;
  item_version: number | null;
  grade_version: number;
  actor_id: number | null;
  actor_name: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  reason: string | null;
  request_id: string | number | null;
  at: Date | string;
};

/** The ledger's fixed-width columns: all in `grade_events_student_idx`, so no table visit. */
const HISTORY_COLUMNS = sql`e.id, e.subject, e.action, e.course_id, e.item_id, e.old_points,
  e.new_points, e.old_outcome, e.new_outcome, e.old_published, e.new_published, e.max_points,
  e.grading_schema_id, e.grading_schema_version, e.item_version, e.grade_version, e.actor_id,
  e.impersonator_id, e.request_id, e.at, e.has_text`;

/**
 * A page of a student's history, newest first: the events of the given courses, or those that
 * touched a published grade (`'published'`, the learner's own view). One more than the limit.
 */
export async function findHistoryRows(
  db: Db,
  studentId: number,
  scope: { courses: readonly number[] } | 'published',
  query: GradeHistoryQuery,
): Promise<HistoryRow[]> {
  const where: SQL[] = [
    sql`e.student_id = ${studentId}`,
    scope === 'published'
      ? sql`(e.new_published or coalesce(e.old_published, false))`
      : sql`e.course_id = any(${intArray(scope.courses)})`,
  ];
  if (query.courseId) where.push(sql`e.course_id = ${query.courseId}`);
  if (query.before) where.push(sql`e.id < ${query.before}`);
  // Newest first by id: an index-only backward scan of (student_id, id), whatever the ledger's
  // size and wherever the student's events lie in the table.
  const found = await rows<Omit<HistoryRow, 'comment' | 'reason'> & { has_text: boolean }>(
    db,
    sql`select e.*, c.code as course_code, c.title as course_title, i.title as item_title,
          a.first_name || ' ' || a.last_name as actor_name,
          im.first_name || ' ' || im.last_name as impersonator_name
        from (select ${HISTORY_COLUMNS} from grade_events e where ${sql.join(where, sql` and `)}
              order by e.id desc limit ${query.limit + 1}) e
        join programme_courses c on c.id = e.course_id
        left join learning_items i on i.id = e.item_id
        left join users a on a.jwl_id = e.actor_id
        left join users im on im.jwl_id = e.impersonator_id
        order by e.id desc`,
  );
  // Then the text of the events that carry some, by primary key: only those visit the table.
  const withText = found.filter((r) => r.has_text).map((r) => Number(r.id));
  const texts =
    withText.length === 0
      ? []
      : await rows<{ id: string | number; comment: string | null; reason: string | null }>(
          db,
          sql`select id, comment, reason from grade_events
              where id = any(${pgArray(withText)}::text::bigint[])`,
        );
  const textOf = new Map(texts.map((t) => [Number(t.id), t]));
  return found.map((r) => {
    const text = textOf.get(Number(r.id));
    return { ...r, comment: text?.comment ?? null, reason: text?.reason ?? null };
  });
}

export type EventRow = {
  id: string | number;
  subject: GradeEventSubject;
  action: GradeEventAction;
  course_id: number;
  item_id: number | null;
  new_points: string | number | null;
  new_outcome: GradeOutcome | null;
  new_published: boolean;
  comment: string | null;
  max_points: string | number;
  grade_version: number;
  at: Date | string;
};

/** A student's events up to a time (committed ones), in id order; `courses` null: all. */
export async function findEventRows(
  db: Db,
  studentId: number,
  at: string,
  courses: readonly number[] | null,
): Promise<EventRow[]> {
  return rows<EventRow>(
    db,
    sql`select id, subject, action, course_id, item_id, new_points, new_outcome, new_published,
          comment, max_points, grade_version, at
        from grade_events
        where student_id = ${studentId} and at <= ${at}
          ${courses === null ? sql`` : sql`and course_id = any(${intArray(courses)})`}
        order by id`,
  );
}

/** The code and title of courses. */
export async function findCourseNames(db: Db, ids: readonly number[]) {
  return rows<{ id: number; code: string; title: string }>(
    db,
    sql`select id, code, title from programme_courses where id = any(${intArray(ids)})`,
  );
}

/** The titles of items. */
export async function findItemTitles(db: Db, ids: readonly number[]) {
  return rows<{ id: number; title: string }>(
    db,
    sql`select id, title from learning_items
        where id = any(${intArray(ids)})`,
  );
}
