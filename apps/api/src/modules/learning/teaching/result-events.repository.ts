import { sql } from 'drizzle-orm';
import type { CourseResultSource } from '@lantern/contracts/learning-enums';
import { attemptsInForce } from '@lantern/db/bachelor-attempts';
import type { Db } from '@lantern/db/client';
import { jsonParam, rows } from '../../../lib/sql';
import type { ResultEventWritten } from '../../bachelor/public';

// The set-based statements of the course results' one writer (result-events.ts): a batch is a
// lock, an upsert, a delete and one insert of events, whatever its size.

export type Current = {
  enrolment_id: number;
  course_id: number;
  score: string | number;
  source: CourseResultSource;
  is_final: boolean;
  version: number;
};

export type After = {
  enrolment_id: number;
  /** The attempt (bachelor student course) the result is given in; null outside bachelor terms. */
  student_course_id: number | null;
  course_id: number;
  student_id: number;
  score: number | null;
  source: CourseResultSource;
  is_final: boolean;
  version: number;
  old_score: number | null;
  old_final: boolean | null;
};

/** What every result of a batch shares: the action, the scale, who and why. */
export type ResultWrite = {
  action: string;
  schema: { id: number | null; version: number | null; scaleMax: number };
  actorId: number | null;
  impersonatorId: number | null;
  reason?: string | null;
  requestId?: number | null;
};

/** The (enrolment, course) keys of a batch as one JSON parameter, for the statements below. */
export const resultKeys = (entries: readonly { enrolmentId: number; courseId: number }[]): string =>
  jsonParam(entries.map((e) => ({ enrolment_id: e.enrolmentId, course_id: e.courseId })));

/** The course results of the keys, locked. */
export async function lockCourseResults(tx: Db, wanted: string): Promise<Current[]> {
  return rows<Current>(
    tx,
    sql`select r.enrolment_id, r.course_id, r.score, r.source, r.is_final, r.version
        from course_results r
        where (r.enrolment_id, r.course_id) in
          (select x.enrolment_id, x.course_id
           from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int))
        for update of r`,
  );
}

/** The attempts in force of the keys that are bachelor students' courses. */
export async function findAttemptsInForce(tx: Db, wanted: string) {
  return rows<{
    enrolment_id: number;
    course_id: number;
    student_course_id: number;
  }>(
    tx,
    attemptsInForce(
      sql`select x.enrolment_id, x.course_id
          from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int)`,
    ),
  );
}

/** The results of those attempts, locked. */
export async function lockAttemptResults(
  tx: Db,
  attempts: readonly { student_course_id: number }[],
): Promise<(Current & { student_course_id: number })[]> {
  return rows<Current & { student_course_id: number }>(
    tx,
    sql`select a.student_course_id, sc.enrolment_id, o.course_id, a.score, a.source,
          a.is_final, a.version
        from ba_attempt_results a
        join ba_student_courses sc on sc.id = a.student_course_id
        join ba_offerings o on o.id = sc.offering_id
        where a.student_course_id in
          (select (x->>'student_course_id')::int
           from jsonb_array_elements(${jsonParam(attempts)}::jsonb) x)
        for update of a`,
  );
}

/** The learner of each enrolment of the keys. */
export async function findEnrolmentStudents(tx: Db, wanted: string) {
  return rows<{ id: number; user_id: number }>(
    tx,
    sql`select e.id, e.user_id from enrolments e
        where e.id in (select (x->>'enrolment_id')::int from jsonb_array_elements(${wanted}::jsonb) x)`,
  );
}

/** The version the last event of each result of the keys gave it (a cleared result has none). */
export async function findLastResultVersions(tx: Db, afters: readonly After[], wanted: string) {
  return rows<{ enrolment_id: number; course_id: number; grade_version: number }>(
    tx,
    sql`select distinct on (enrolment_id, course_id) enrolment_id, course_id, grade_version
        from grade_events
        where subject = 'course_result'
          and student_id in (select (x->>'student_id')::int
                             from jsonb_array_elements(${jsonParam(afters.map((a) => ({ student_id: a.student_id })))}::jsonb) x)
          and (enrolment_id, course_id) in
            (select x.enrolment_id, x.course_id
             from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int))
        order by enrolment_id, course_id, id desc`,
  );
}

/** Writes the results of bachelor attempts. */
export async function upsertAttemptResults(
  tx: Db,
  kept: readonly After[],
  batch: ResultWrite,
): Promise<void> {
  await tx.execute(
    sql`insert into ba_attempt_results (student_course_id, score, source, is_final,
          grading_schema_id, grading_schema_version, version, entered_by, updated_at)
        select x.student_course_id, x.score, x.source, x.is_final, ${batch.schema.id}::int,
          ${batch.schema.version}::int, x.version, ${batch.actorId}::int, now()
        from jsonb_to_recordset(${jsonParam(kept)}::jsonb)
          as x(student_course_id int, score numeric, source course_result_source,
               is_final boolean, version int)
        on conflict (student_course_id) do update set
          score = excluded.score, source = excluded.source, is_final = excluded.is_final,
          grading_schema_id = excluded.grading_schema_id,
          grading_schema_version = excluded.grading_schema_version, version = excluded.version,
          entered_by = excluded.entered_by, updated_at = now()`,
  );
}

/** Removes the results of bachelor attempts. */
export async function deleteAttemptResults(tx: Db, cleared: readonly After[]): Promise<void> {
  await tx.execute(
    sql`delete from ba_attempt_results where student_course_id in
          (select (x->>'student_course_id')::int
           from jsonb_array_elements(${jsonParam(cleared)}::jsonb) x)`,
  );
}

/** Writes the projection `course_results`. */
export async function upsertCourseResults(
  tx: Db,
  kept: readonly After[],
  batch: ResultWrite,
): Promise<void> {
  await tx.execute(
    sql`insert into course_results (enrolment_id, course_id, score, entered_by, updated_at, source,
          is_final, grading_schema_id, grading_schema_version, version)
        select x.enrolment_id, x.course_id, x.score, ${batch.actorId}::int, now(), x.source,
          x.is_final, ${batch.schema.id}::int, ${batch.schema.version}::int, x.version
        from jsonb_to_recordset(${jsonParam(kept)}::jsonb)
          as x(enrolment_id int, course_id int, score numeric, source course_result_source,
               is_final boolean, version int)
        on conflict (enrolment_id, course_id) do update set
          score = excluded.score, entered_by = excluded.entered_by, updated_at = now(),
          source = excluded.source, is_final = excluded.is_final,
          grading_schema_id = excluded.grading_schema_id,
          grading_schema_version = excluded.grading_schema_version, version = excluded.version`,
  );
}

/** Removes results from the projection `course_results`. */
export async function deleteCourseResults(tx: Db, cleared: readonly After[]): Promise<void> {
  await tx.execute(
    sql`delete from course_results where (enrolment_id, course_id) in
          (select x.enrolment_id, x.course_id
           from jsonb_to_recordset(${jsonParam(cleared)}::jsonb) as x(enrolment_id int, course_id int))`,
  );
}

/** Appends one event per result that changed, in key order. */
export async function insertResultEvents(
  tx: Db,
  afters: readonly After[],
  batch: ResultWrite,
): Promise<ResultEventWritten[]> {
  return rows<ResultEventWritten>(
    tx,
    sql`insert into grade_events (subject, student_id, course_id, enrolment_id, student_course_id,
          action, old_points,
          new_points, old_published, new_published, max_points, grading_schema_id,
          grading_schema_version, grade_version, actor_id, impersonator_id, reason, request_id)
        select 'course_result', x.student_id, x.course_id, x.enrolment_id, x.student_course_id,
          ${batch.action}::grade_event_action, x.old_score, x.score, x.old_final, x.is_final,
          ${batch.schema.scaleMax}, ${batch.schema.id}::int, ${batch.schema.version}::int, x.version,
          ${batch.actorId}::int, ${batch.impersonatorId}::int, ${batch.reason ?? null}::text,
          ${batch.requestId ?? null}::bigint
        from jsonb_to_recordset(${jsonParam(afters)}::jsonb)
          as x(enrolment_id int, course_id int, student_id int, student_course_id int,
               score numeric, is_final boolean, version int, old_score numeric, old_final boolean)
        order by x.enrolment_id, x.course_id
        returning id, enrolment_id, course_id, action, new_points, new_published, grading_schema_id,
          grading_schema_version`,
  );
}
