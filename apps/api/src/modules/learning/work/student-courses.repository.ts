import { sql, type SQL } from 'drizzle-orm';
import type { EnrolmentState, ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { ClassOption } from '@lantern/contracts/learning-work';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { clcScope } from '../../../lib/scope';
import { containsPattern, inScope, rows } from '../../../lib/sql';

// The statements of a student's courses on the sis side and of one's own studies
// (student-courses.service.ts, student-courses-additional.service.ts).

export type CourseRow = {
  course_id: number;
  code: string;
  title: string;
  programme_id: number;
  programme_code: string;
  programme_title: string;
  programme_type: ProgrammeType;
  programme_status: ProgrammeStatus;
  source: 'programme' | 'additional';
  status: 'active' | 'dropped' | 'read_only';
  class_id: number | null;
  class_name: string | null;
  enrolment_state: EnrolmentState | null;
  reason: string | null;
  items_done: number;
  items_total: number;
  tasks_submitted: number;
  tasks_total: number;
  points: string | number | null;
  max_points: string | number | null;
  scale_max: string | number | null;
  has_work: boolean;
  version: number | null;
};

/** The student's courses (learning, dropped, or read-only after the enrolment), with progress. */
export async function findStudentCourses(db: Db, studentId: number): Promise<CourseRow[]> {
  return rows<CourseRow>(
    db,
    sql`with mine as (
          select cl.course_id, cl.source, case when cl.may_submit then 'active' else 'read_only' end as status,
                 cl.class_id, cl.enrolment_id
          from course_learners cl where cl.student_id = ${studentId}
          union all
          select ce.course_id, ce.source::text, 'dropped', ce.class_id,
                 (select e.id from enrolments e join programme_courses c2 on c2.programme_id = e.programme_id
                   where c2.id = ce.course_id and e.user_id = ce.student_id limit 1)
          from course_enrolments ce where ce.student_id = ${studentId} and ce.status = 'dropped'
        )
        select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title, p.type as programme_type, p.status as programme_status,
          m.source, m.status, m.class_id, k.name as class_name, e.state as enrolment_state,
          ce.reason, ce.version,
          coalesce(cp.items_done, 0) as items_done, coalesce(cp.tasks_submitted, 0) as tasks_submitted,
          t.items_total, t.tasks_total, t.max_points, gs.scale_max,
          (select sum(g.points) from grades g join learning_items gi on gi.id = g.item_id
             join learning_units gu on gu.id = gi.unit_id
            where g.course_id = c.id and g.student_id = ${studentId} and g.is_published
              and gi.counts_for_progress and gi.deleted_at is null and gu.deleted_at is null
              and gu.status <> 'draft') as points,
          exists (select 1 from submissions s where s.course_id = c.id and s.student_id = ${studentId})
            or exists (select 1 from item_progress ip where ip.course_id = c.id and ip.student_id = ${studentId}) as has_work
        from mine m
        join programme_courses c on c.id = m.course_id
        join programmes p on p.id = c.programme_id
        left join classes k on k.id = m.class_id
        left join enrolments e on e.id = m.enrolment_id
        left join course_enrolments ce on ce.course_id = c.id and ce.student_id = ${studentId}
        left join course_progress cp on cp.course_id = c.id and cp.student_id = ${studentId}
        left join grading_schemas gs on gs.id = p.grading_schema_id
        cross join lateral (
          select count(*)::int as items_total,
                 count(*) filter (where i.max_points is not null)::int as tasks_total,
                 sum(i.max_points) as max_points
          from learning_items i join learning_units u on u.id = i.unit_id
          where i.course_id = c.id and i.counts_for_progress and i.is_published and i.deleted_at is null
            and u.deleted_at is null and u.status <> 'draft'
        ) t
        order by p.start_date desc, p.id, c.position, c.id`,
  );
}

export type Standing = {
  in_programme: boolean;
  row_source: 'programme' | 'additional' | null;
  row_status: 'active' | 'dropped' | null;
  version: number | null;
};

/** The student's standing in a course; null when it is neither their programme's nor additional. */
export async function findStanding(
  tx: Db,
  studentId: number,
  courseId: number,
): Promise<Standing | null> {
  const [row] = await rows<Standing>(
    tx,
    sql`select exists (select 1 from enrolments e join programme_courses c on c.programme_id = e.programme_id
                        where c.id = ${courseId} and e.user_id = ${studentId}
                          and e.state in ('active', 'completed', 'failed')) as in_programme,
               ce.source as row_source, ce.status as row_status, ce.version
        from programme_courses pc
        left join course_enrolments ce on ce.course_id = pc.id and ce.student_id = ${studentId}
        where pc.id = ${courseId}`,
  );
  if (!row || (!row.in_programme && row.row_source !== 'additional')) return null;
  return row;
}

/** Drops a course of the student's (a row of its own, or the existing one). */
export async function upsertDropped(
  tx: Db,
  studentId: number,
  courseId: number,
  reason: string,
  by: number,
): Promise<void> {
  await tx.execute(
    sql`insert into course_enrolments (course_id, student_id, source, status, reason, created_by)
        values (${courseId}, ${studentId}, 'programme', 'dropped', ${reason}, ${by})
        on conflict (course_id, student_id) do update
          set status = 'dropped', reason = excluded.reason, version = course_enrolments.version + 1,
              updated_at = now()`,
  );
}

/** Brings a dropped course of the student's back. */
export async function markRestored(
  tx: Db,
  studentId: number,
  courseId: number,
  reason: string,
): Promise<void> {
  await tx.execute(
    sql`update course_enrolments set status = 'active', reason = ${reason},
          version = version + 1, updated_at = now()
        where course_id = ${courseId} and student_id = ${studentId}`,
  );
}

/**
 * The classes of a programme at the student's CLCs, as a json array (null when none): where an
 * additional course's learner may learn. One definition for the candidates and for a move.
 */
const classesAtStudentClcs = (programmeId: SQL, studentId: number): SQL =>
  sql`(select json_agg(json_build_object('id', k.id, 'name', k.name, 'clcCode', cc.code) order by k.name)
         from classes k join clcs cc on cc.id = k.clc_id
        where k.programme_id = ${programmeId}
          and k.clc_id in (select uc.clc_id from user_clcs uc where uc.user_id = ${studentId}))`;

/**
 * Courses of running programmes offered in the caller's CLC scope that the student does not
 * have yet, with the classes at the student's CLCs (50 at most).
 */
export async function findCandidates(
  db: Db,
  auth: AuthContext,
  studentId: number,
  q: string | undefined,
) {
  const scope = clcScope(auth);
  return rows<{
    course_id: number;
    code: string;
    title: string;
    programme_id: number;
    programme_code: string;
    programme_title: string;
    programme_type: ProgrammeType;
    classes: ClassOption[] | null;
  }>(
    db,
    sql`select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title, p.type as programme_type,
          ${classesAtStudentClcs(sql`p.id`, studentId)} as classes
        from programme_courses c join programmes p on p.id = c.programme_id
        where p.status = 'running' and p.type <> 'orientation'
          and exists (select 1 from programme_clcs pc where pc.programme_id = p.id and ${inScope(sql`pc.clc_id`, scope)})
          and not exists (select 1 from course_learners cl where cl.course_id = c.id and cl.student_id = ${studentId})
          and not exists (select 1 from course_enrolments ce where ce.course_id = c.id and ce.student_id = ${studentId})
          ${q ? sql`and (c.code ilike ${containsPattern(q)} or c.title ilike ${containsPattern(q)} or p.title ilike ${containsPattern(q)})` : sql``}
        order by p.start_date desc, p.id, c.position, c.id
        limit 50`,
  );
}

/** Whether the class is one of the course's programme. */
export async function isClassOfCourse(tx: Db, courseId: number, classId: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select k.id from classes k join programme_courses c on c.programme_id = k.programme_id
        where k.id = ${classId} and c.id = ${courseId}`,
  );
  return row !== undefined;
}

/** Whether the course may be taken in addition: of a running programme in the caller's scope. */
export async function isAdditionalCandidate(
  tx: Db,
  auth: AuthContext,
  courseId: number,
): Promise<boolean> {
  const [candidate] = await rows<{ ok: boolean }>(
    tx,
    sql`select true as ok from programme_courses c join programmes p on p.id = c.programme_id
        where c.id = ${courseId} and p.status = 'running' and p.type <> 'orientation'
          and exists (select 1 from programme_clcs pc where pc.programme_id = p.id and ${inScope(sql`pc.clc_id`, clcScope(auth))})`,
  );
  return candidate !== undefined;
}

/** Enrols the student in a course in addition. */
export async function insertAdditional(
  tx: Db,
  studentId: number,
  a: { courseId: number; classId: number | null; reason: string },
  by: number,
): Promise<void> {
  await tx.execute(
    sql`insert into course_enrolments (course_id, student_id, source, status, class_id, reason, created_by)
        values (${a.courseId}, ${studentId}, 'additional', 'active', ${a.classId}, ${a.reason}, ${by})`,
  );
}

/** The student's additional course, locked; undefined when none. */
export async function lockAdditionalRow(tx: Db, studentId: number, courseId: number) {
  const [row] = await rows<{ version: number; class_id: number | null }>(
    tx,
    sql`select version, class_id from course_enrolments
        where course_id = ${courseId} and student_id = ${studentId} and source = 'additional' for update`,
  );
  return row;
}

/** The classes the learner of an additional course may move to; undefined when no such course. */
export async function findAdditionalClassOptions(db: Db, studentId: number, courseId: number) {
  const [row] = await rows<{ classes: ClassOption[] | null }>(
    db,
    sql`select ${classesAtStudentClcs(sql`c.programme_id`, studentId)} as classes
        from course_enrolments ce join programme_courses c on c.id = ce.course_id
        where ce.course_id = ${courseId} and ce.student_id = ${studentId} and ce.source = 'additional'`,
  );
  return row;
}

/** Moves the learner of an additional course to another class. */
export async function updateAdditionalClass(
  tx: Db,
  studentId: number,
  courseId: number,
  classId: number | null,
): Promise<void> {
  await tx.execute(
    sql`update course_enrolments set class_id = ${classId}, version = version + 1, updated_at = now()
        where course_id = ${courseId} and student_id = ${studentId}`,
  );
}

/** Whether the student has any work in the course: an attempt, a completion or a grade. */
export async function hasCourseWork(tx: Db, studentId: number, courseId: number): Promise<boolean> {
  const [work] = await rows<{ has: boolean }>(
    tx,
    sql`select exists (select 1 from submissions where course_id = ${courseId} and student_id = ${studentId})
            or exists (select 1 from item_progress where course_id = ${courseId} and student_id = ${studentId})
            or exists (select 1 from grades where course_id = ${courseId} and student_id = ${studentId}) as has`,
  );
  return work?.has === true;
}

/** Removes the student's own row of a course. */
export async function deleteCourseEnrolment(
  tx: Db,
  studentId: number,
  courseId: number,
): Promise<void> {
  await tx.execute(
    sql`delete from course_enrolments where course_id = ${courseId} and student_id = ${studentId}`,
  );
}

/** One's own enrolments with their programme, CLC, class and certificate. */
export function findMyEnrolments(db: Db, me: number) {
  return rows<{
    id: number;
    programme_id: number;
    code: string;
    title: string;
    type: ProgrammeType;
    start_date: string | null;
    end_date: string | null;
    state: EnrolmentState;
    clc_id: number | null;
    clc_code: string | null;
    class_id: number | null;
    class_name: string | null;
    certificate_code: string | null;
    issued_on: string | null;
  }>(
    db,
    sql`select e.id, p.id as programme_id, p.code, p.title, p.type, p.start_date::text, p.end_date::text,
          e.state, e.clc_id, cc.code as clc_code, e.class_id, k.name as class_name,
          ct.code as certificate_code, ct.issued_on::text
        from enrolments e join programmes p on p.id = e.programme_id
        left join clcs cc on cc.id = e.clc_id
        left join classes k on k.id = e.class_id
        left join certificates ct on ct.enrolment_id = e.id and ct.revoked_at is null
        where e.user_id = ${me}
        order by p.start_date desc, p.id`,
  );
}

/** One's own study breaks, by start. */
export function findMyBreaks(db: Db, me: number) {
  return rows<{ enrolment_id: number; starts_on: string; ends_on: string }>(
    db,
    sql`select sb.enrolment_id, sb.starts_on::text, sb.ends_on::text from study_breaks sb
        join enrolments e on e.id = sb.enrolment_id where e.user_id = ${me}
        order by sb.starts_on`,
  );
}
