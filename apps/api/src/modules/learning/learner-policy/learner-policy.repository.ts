import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { EnrolmentState, ProgrammeStatus } from '@lantern/contracts/programme';
import { rows } from '../../../lib/sql';

/*
 * What a learner sees of a course (decision 0019): one rule, as SQL over the aliases `u` (the
 * learning unit), `i` (the item) and `d` (the learner's class dates of the item, left-joined).
 * The unit page, the course's item lists, a task's "my work" and a quiz's "my quiz" all call
 * it, so an item not released yet is not there for a learner, by any path: no title, no
 * instructions.
 */

/** The time the rule is read at: the database's now, or a given moment (an offline finish). */
const at = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** A released unit: published or closed (not a draft), and opened. */
export const unitReleased = (now?: Date): SQL =>
  sql`(u.status <> 'draft' and (u.opens_at is null or u.opens_at <= ${at(now)}))`;

/** A visible item: published, and its visible-from (the class's, else the item's) has come. */
export const itemVisible = (now?: Date): SQL =>
  sql`(i.is_published and (coalesce(d.visible_from, i.visible_from) is null
    or coalesce(d.visible_from, i.visible_from) <= ${at(now)}))`;

/** The study break covering today in any active enrolment of the person: its last day. */
export function studyBreakUntilSql(studentId: number, today: string) {
  return sql`(select max(sb.ends_on)::text from study_breaks sb join enrolments be on be.id = sb.enrolment_id
      where be.user_id = ${studentId} and be.state = 'active'
        and sb.starts_on <= ${today}::date and sb.ends_on >= ${today}::date)`;
}

export type SubmitContextRow = {
  item_id: number;
  course_id: number;
  unit_id: number;
  kind: ItemKind;
  title: string;
  body: string;
  settings: unknown;
  item_version: number;
  delivery: 'online' | 'onsite' | null;
  max_points: string | number | null;
  due_at: Date | string | null;
  late_until: Date | string | null;
  visible_from: Date | string | null;
  class_id: number | null;
  unit_title: string;
  unit_status: 'draft' | 'published' | 'closed';
  opens_at: Date | string | null;
  is_published: boolean;
  learner_sees: boolean;
  course_code: string;
  course_title: string;
  programme_title: string;
  programme_status: ProgrammeStatus;
  may_submit: boolean;
  enrolment_state: EnrolmentState | null;
  break_until: string | null;
  /** bigint: the driver may answer a string. */
  latest_id: string | number | null;
  latest_attempt: number | null;
  latest_status: 'draft' | 'submitted' | null;
  latest_version: number | null;
  latest_client_id: string | null;
  decision: 'graded' | 'returned' | null;
};

/**
 * A task with its unit, course and programme, the learner's course row, class dates, study
 * break, latest attempt and its decision, in one statement; undefined for an unknown item.
 */
export async function findSubmitContextRow(
  db: Db,
  studentId: number,
  itemId: number,
  now: Date,
  today: string,
): Promise<SubmitContextRow | undefined> {
  const [row] = await rows<SubmitContextRow>(
    db,
    sql`select i.id as item_id, i.course_id, i.unit_id, i.kind, i.title, i.body, i.settings,
          i.version as item_version, i.delivery, i.max_points,
          coalesce(d.due_at, i.due_at) as due_at, coalesce(d.late_until, i.late_until) as late_until,
          coalesce(d.visible_from, i.visible_from) as visible_from, cl.class_id,
          u.title as unit_title, u.status as unit_status, u.opens_at, i.is_published,
          ${unitReleased(now)} and ${itemVisible(now)} as learner_sees,
          c.code as course_code, c.title as course_title, p.title as programme_title,
          p.status as programme_status, cl.may_submit, e.state as enrolment_state,
          ${studyBreakUntilSql(studentId, today)} as break_until,
          s.id as latest_id, s.attempt as latest_attempt, s.status as latest_status,
          s.version as latest_version, s.client_id::text as latest_client_id,
          case when g.is_published and g.submission_id = s.id then g.outcome end as decision
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        join lateral (select * from course_learners x where x.course_id = i.course_id
                        and x.student_id = ${studentId} order by x.may_submit desc limit 1) cl on true
        left join enrolments e on e.id = cl.enrolment_id
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        left join submissions s on s.item_id = i.id and s.student_id = ${studentId} and s.is_latest
        left join grades g on g.item_id = i.id and g.student_id = ${studentId}
        where i.id = ${itemId} and i.deleted_at is null`,
  );
  return row;
}
