import { sql, type SQL } from 'drizzle-orm';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import type { CourseStatus } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import { containsPattern, inScope, intArray, rows } from '../../lib/sql';

export type Row = {
  id: number;
  offering_id: number;
  term_key: string;
  course_id: number;
  course_code: string;
  title: string;
  name: string;
  clc_id: number;
  clc: string;
  capacity: number;
  version: number;
  closed_at: string | Date | null;
  students: number;
  staff: Classroom['staff'] | string;
};

const SELECT = sql`select k.id, r.offering_id, t.year::text || '-' || t.season::text as term_key,
    o.course_id, c.code as course_code, coalesce(o.title, c.title) as title, k.name, k.clc_id,
    l.name as clc, k.capacity, k.version, r.closed_at,
    (select count(*)::int from ba_student_courses s where s.class_id = k.id) as students,
    coalesce((select json_agg(json_build_object('userId', cs.user_id,
        'name', u.first_name || ' ' || u.last_name, 'firstName', u.first_name,
        'lastName', u.last_name, 'kind', cs.kind) order by cs.kind, u.last_name)
      from class_staff cs join users u on u.jwl_id = cs.user_id where cs.class_id = k.id), '[]'::json)
      as staff
  from ba_classrooms r
  join classes k on k.id = r.class_id
  join ba_offerings o on o.id = r.offering_id
  join ba_terms t on t.id = o.term_id
  join programme_courses c on c.id = o.course_id
  join clcs l on l.id = k.clc_id`;

const reach = (scope: number[] | null, programmeId: number) =>
  sql`t.programme_id = ${programmeId} and ${inScope(sql`k.clc_id`, scope)}`;

/** Which classrooms: one by id, or a term's (of one offered course). */
export type ClassroomsOf = { classId: number } | { termId: number; courseId?: number };

const whereOf = (of: ClassroomsOf): SQL =>
  'classId' in of
    ? sql`k.id = ${of.classId}`
    : of.courseId === undefined
      ? sql`t.id = ${of.termId}`
      : sql`t.id = ${of.termId} and o.course_id = ${of.courseId}`;

/** The programme's classrooms in the CLC scope, of a classroom id or a term. */
export const classroomRows = (
  db: Db,
  scope: number[] | null,
  programmeId: number,
  of: ClassroomsOf,
) =>
  rows<Row>(db, sql`${SELECT} where ${reach(scope, programmeId)} and ${whereOf(of)} order by k.id`);

/** The offering of a course in a term (a classroom joins it), if the term offers the course. */
export async function courseOffering(db: Db, termId: number, courseId: number) {
  const [offering] = await rows<{ id: number }>(
    db,
    sql`select id from ba_offerings
        where term_id = ${termId} and course_id = ${courseId} and kind = 'course'`,
  );
  return offering;
}

/** A page of the closed classrooms, or of those still open after their term ended. */
export function pastClassroomRows(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  state: 'open' | 'closed',
  query: { q?: string; page: number; limit: number },
  today: string,
) {
  const parts: SQL[] = [
    state === 'closed'
      ? sql`r.closed_at is not null`
      : sql`r.closed_at is null and t.start_date + t.weeks * 7 < ${today}::date`,
  ];
  if (query.q)
    parts.push(
      sql`lower(k.name || ' ' || c.code || ' ' || coalesce(o.title, c.title)) like ${containsPattern(query.q.toLowerCase())}`,
    );
  const where = sql.join(parts, sql` and `);
  return rows<Row & { total: number }>(
    db,
    sql`select x.*, count(*) over ()::int as total from (${SELECT}
          where ${reach(scope, programmeId)} and ${where}) x
        order by x.term_key desc, x.course_code, x.name, x.id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
}

/** A classroom's students with their course status and published figures in the course. */
export const rosterRows = (db: Db, classId: number, courseId: number) =>
  rows<{
    id: number;
    enrolment_id: number;
    jwl_id: number;
    student: string;
    status: CourseStatus;
    graded: number;
    points: string | number;
    weighted: string | number;
  }>(
    db,
    sql`select s.id, s.enrolment_id, u.jwl_id, u.first_name || ' ' || u.last_name as student,
          s.status::text as status, coalesce(cp.tasks_graded, 0) as graded,
          coalesce(cp.points_published, 0) as points, coalesce(cp.weighted_published, 0) as weighted
        from ba_student_courses s
        join enrolments e on e.id = s.enrolment_id
        join users u on u.jwl_id = e.user_id
        left join course_progress cp on cp.student_id = e.user_id and cp.course_id = ${courseId}
        where s.class_id = ${classId}
        order by lower(u.last_name), lower(u.first_name), s.id`,
  );

/** The scale of the programme's grading schema, null without one. */
export async function programmeScaleMax(db: Db, programmeId: number) {
  const [scale] = await rows<{ scale_max: string | number | null }>(
    db,
    sql`select g.scale_max from programmes p left join grading_schemas g on g.id = p.grading_schema_id
        where p.id = ${programmeId}`,
  );
  return scale?.scale_max == null ? null : Number(scale.scale_max);
}

export async function programmeClc(db: Db, programmeId: number, clcId: number) {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select clc_id as id from programme_clcs where programme_id = ${programmeId} and clc_id = ${clcId}`,
  );
  return found;
}

/** A new classroom of the offering; none answered when the programme has one of that name. */
export async function insertClassroom(
  db: Db,
  programmeId: number,
  offeringId: number,
  input: { clcId: number; name: string; capacity: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into classes (programme_id, clc_id, name, capacity)
          values (${programmeId}, ${input.clcId}, ${input.name}, ${input.capacity})
          on conflict do nothing returning id`,
  );
  if (!row) return undefined;
  await db.execute(
    sql`insert into ba_classrooms (class_id, offering_id) values (${row.id}, ${offeringId})`,
  );
  return row;
}

/** Renames and resizes the classroom if still at the version the user saw. */
export const updateClassroomRow = (
  db: Db,
  classId: number,
  input: { name: string; capacity: number; version: number },
) =>
  rows<{ id: number }>(
    db,
    sql`update classes set name = ${input.name}, capacity = ${input.capacity},
              version = version + 1, updated_at = now()
            where id = ${classId} and version = ${input.version} returning id`,
  );

export async function lockClass(db: Db, classId: number) {
  await db.execute(sql`select id from classes where id = ${classId} for update`);
}

export async function seatedCount(db: Db, classId: number) {
  const [n] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ba_student_courses where class_id = ${classId}`,
  );
  return n?.n ?? 0;
}

export async function deleteClass(db: Db, classId: number) {
  await db.execute(sql`delete from classes where id = ${classId}`);
}

/** Of the student courses, those of the offering whose student's CLC is in the scope. */
export const offeringStudentCourses = (
  db: Db,
  ids: readonly number[],
  offeringId: number,
  scope: number[] | null,
) =>
  rows<{ id: number; clc_id: number | null; class_id: number | null }>(
    db,
    sql`select s.id, e.clc_id, s.class_id from ba_student_courses s join enrolments e on e.id = s.enrolment_id
          where s.id = any(${intArray(ids)}) and s.offering_id = ${offeringId}
            and ${inScope(sql`e.clc_id`, scope)}`,
  );

export async function seatStudentCourses(db: Db, classId: number, ids: readonly number[]) {
  await db.execute(
    sql`update ba_student_courses set class_id = ${classId}, version = version + 1, updated_at = now()
          where id = any(${intArray(ids)}) and class_id is distinct from ${classId}`,
  );
}

/** The student course seated in the classroom, in the scope, locked; with the student's name. */
export async function seatedStudentCourse(
  db: Db,
  studentCourseId: number,
  classId: number,
  scope: number[] | null,
) {
  const [seated] = await rows<{ id: number; student: string }>(
    db,
    sql`select s.id, u.first_name || ' ' || u.last_name as student
          from ba_student_courses s join enrolments e on e.id = s.enrolment_id
          join users u on u.jwl_id = e.user_id
          where s.id = ${studentCourseId} and s.class_id = ${classId}
            and ${inScope(sql`e.clc_id`, scope)}
          for update of s`,
  );
  return seated;
}

export async function unseatStudentCourse(db: Db, studentCourseId: number) {
  await db.execute(
    sql`update ba_student_courses set class_id = null, version = version + 1, updated_at = now()
          where id = ${studentCourseId}`,
  );
}

export async function closeClassroomRow(db: Db, classId: number, closedBy: number) {
  await db.execute(
    sql`update ba_classrooms set closed_at = now(), closed_by = ${closedBy} where class_id = ${classId}`,
  );
}
