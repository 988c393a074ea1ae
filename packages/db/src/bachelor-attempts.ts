import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

// Attempts at a bachelor course (docs/decisions/0022, "As built: results per attempt"). A
// student course (`ba_student_courses`) is one attempt; its result is `ba_attempt_results`.
// `course_results` keeps one result per student and course: that of the latest attempt that has
// one. These two definitions are the only ones; every path that writes results or moves
// attempts goes through them.

/** Latest attempt first: by its term's start, a course offering before an internship. */
const LATEST_FIRST = sql`t.start_date desc, t.id desc, (o.kind = 'course') desc, sc.id desc`;

/**
 * For each (enrolment, course) of `pairs` (a relation with columns `enrolment_id`, `course_id`):
 * the attempt in force, the latest one not dropped by its term's start (a course offering
 * before an internship of the same term). Columns: enrolment_id, course_id, student_course_id.
 */
export const attemptsInForce = (pairs: SQL) => sql`
  select distinct on (p.enrolment_id, p.course_id) p.enrolment_id, p.course_id,
    sc.id as student_course_id
  from (${pairs}) p
  join ba_student_courses sc on sc.enrolment_id = p.enrolment_id and sc.status <> 'drop-delete'
  join ba_offerings o on o.id = sc.offering_id and o.course_id = p.course_id
  join ba_terms t on t.id = o.term_id
  order by p.enrolment_id, p.course_id, ${LATEST_FIRST}`;

/**
 * Brings `course_results` of the given bachelor enrolments back to their attempts: for every
 * course the student has attempts in, the result of the latest attempt (not dropped) that has
 * one, or none. Courses without attempts are left as they are. Called after attempts move (a
 * drop-delete, a placement taken back) and by the demo seed after it grades attempts.
 */
export async function syncCourseResults(db: Db, enrolmentIds: readonly number[]): Promise<void> {
  if (enrolmentIds.length === 0) return;
  const ids = sql`(select unnest(${`{${enrolmentIds.join(',')}}`}::int[]))`;
  await db.execute(sql`
    with attempted as (
      select distinct sc.enrolment_id, o.course_id
      from ba_student_courses sc join ba_offerings o on o.id = sc.offering_id
      where sc.enrolment_id in ${ids}),
    latest as (
      select distinct on (sc.enrolment_id, o.course_id) sc.enrolment_id, o.course_id, a.*
      from ba_student_courses sc
      join ba_offerings o on o.id = sc.offering_id
      join ba_terms t on t.id = o.term_id
      join ba_attempt_results a on a.student_course_id = sc.id
      where sc.enrolment_id in ${ids} and sc.status <> 'drop-delete'
      order by sc.enrolment_id, o.course_id, ${LATEST_FIRST}),
    gone as (
      delete from course_results r using attempted x
      where r.enrolment_id = x.enrolment_id and r.course_id = x.course_id
        and not exists (select 1 from latest l
                        where l.enrolment_id = x.enrolment_id and l.course_id = x.course_id))
    insert into course_results (enrolment_id, course_id, score, entered_by, updated_at, source,
      is_final, grading_schema_id, grading_schema_version, version)
    select l.enrolment_id, l.course_id, l.score, l.entered_by, l.updated_at, l.source, l.is_final,
      l.grading_schema_id, l.grading_schema_version, l.version
    from latest l
    on conflict (enrolment_id, course_id) do update set
      score = excluded.score, entered_by = excluded.entered_by, updated_at = excluded.updated_at,
      source = excluded.source, is_final = excluded.is_final,
      grading_schema_id = excluded.grading_schema_id,
      grading_schema_version = excluded.grading_schema_version, version = excluded.version
      where (course_results.score, course_results.is_final, course_results.version)
        is distinct from (excluded.score, excluded.is_final, excluded.version)`);
}
