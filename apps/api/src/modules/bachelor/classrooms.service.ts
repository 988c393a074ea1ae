import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CLASS_STAFF_KINDS } from '@lantern/contracts/classes';
import type {
  Classroom,
  ClassroomDetail,
  ClassroomInput,
  classroomPlaceSchema,
  classroomStaffInputSchema,
  classroomUpdateSchema,
  pastClassroomQuerySchema,
} from '@lantern/contracts/bachelor-terms';
import type { CourseStatus } from '@lantern/contracts/bachelor';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import { containsPattern, inScope, intArray, rows } from '../../lib/sql';
import { holdersOf, replaceStaff } from '../classes/public';
import { courseDenominators, courseResult } from '../learning/teaching/public';
import { offeringOf, termByKey } from './terms.service';
import { todayUtc } from './student-courses.service';

// Classrooms of a bachelor programme: a `classes` row (the learning platform's teaching group)
// tied to one offering by `ba_classrooms` (decision 0022). Its work, grades and grade book are
// the learning platform's; here: create, place, staff, close, delete, the past lists.

type Row = {
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

const toClassroom = (r: Row): Classroom => ({
  id: r.id,
  offeringId: r.offering_id,
  termKey: r.term_key,
  courseId: r.course_id,
  courseCode: r.course_code,
  title: r.title,
  name: r.name,
  clcId: r.clc_id,
  clc: r.clc,
  capacity: r.capacity,
  students: r.students,
  closedAt:
    r.closed_at === null
      ? null
      : typeof r.closed_at === 'string'
        ? new Date(r.closed_at).toISOString()
        : r.closed_at.toISOString(),
  staff: typeof r.staff === 'string' ? (JSON.parse(r.staff) as Classroom['staff']) : r.staff,
  version: r.version,
});

const reach = (auth: AuthContext, programmeId: number) =>
  sql`t.programme_id = ${programmeId} and ${inScope(sql`k.clc_id`, clcScope(auth))}`;

async function classroomsWhere(db: Db, auth: AuthContext, programmeId: number, where: SQL) {
  const found = await rows<Row>(
    db,
    sql`${SELECT} where ${reach(auth, programmeId)} and ${where} order by k.id`,
  );
  return found.map(toClassroom);
}

export async function classroomOf(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<Classroom> {
  const [found] = await classroomsWhere(db, auth, programmeId, sql`k.id = ${classId}`);
  if (!found) throw notFound('The classroom');
  return found;
}

/**
 * The classrooms of one offered course of a term (the classroom route's index picks one), with
 * the offering a new classroom joins: the page needs nothing from the terms list, so it opens
 * for whoever holds CLASSROOM__DISPLAY. `offeringId` is null when the term does not offer the
 * course. Without a course: every classroom of the term (a term's dropout list filters by them).
 */
export async function listOfferingClassrooms(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termKey: string,
  courseId: number | undefined,
) {
  const term = await termByKey(deps.db, programmeId, termKey);
  if (courseId === undefined)
    return {
      offeringId: null,
      classrooms: await classroomsWhere(deps.db, auth, programmeId, sql`t.id = ${term.id}`),
    };
  const [offering] = await rows<{ id: number }>(
    deps.db,
    sql`select id from ba_offerings
        where term_id = ${term.id} and course_id = ${courseId} and kind = 'course'`,
  );
  return {
    offeringId: offering?.id ?? null,
    classrooms: await classroomsWhere(
      deps.db,
      auth,
      programmeId,
      sql`t.id = ${term.id} and o.course_id = ${courseId}`,
    ),
  };
}

/** past-classrooms/closed: closed ones; past-classrooms/open: still open after their term ended. */
export async function listPastClassrooms(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  state: 'open' | 'closed',
  query: z.output<typeof pastClassroomQuerySchema>,
) {
  const parts: SQL[] = [
    state === 'closed'
      ? sql`r.closed_at is not null`
      : sql`r.closed_at is null and t.start_date + t.weeks * 7 < ${todayUtc()}::date`,
  ];
  if (query.q)
    parts.push(
      sql`lower(k.name || ' ' || c.code || ' ' || coalesce(o.title, c.title)) like ${containsPattern(query.q.toLowerCase())}`,
    );
  const where = sql.join(parts, sql` and `);
  const found = await rows<Row & { total: number }>(
    deps.db,
    sql`select x.*, count(*) over ()::int as total from (${SELECT}
          where ${reach(auth, programmeId)} and ${where}) x
        order by x.term_key desc, x.course_code, x.name, x.id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    classrooms: found.map(toClassroom),
    total: found[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** A classroom with its students, their course status and their course result so far. */
export async function getClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<ClassroomDetail> {
  const classroom = await classroomOf(deps.db, auth, programmeId, classId);
  const roster = await rows<{
    id: number;
    enrolment_id: number;
    jwl_id: number;
    student: string;
    status: CourseStatus;
    graded: number;
    points: string | number;
    weighted: string | number;
  }>(
    deps.db,
    sql`select s.id, s.enrolment_id, u.jwl_id, u.first_name || ' ' || u.last_name as student,
          s.status::text as status, coalesce(cp.tasks_graded, 0) as graded,
          coalesce(cp.points_published, 0) as points, coalesce(cp.weighted_published, 0) as weighted
        from ba_student_courses s
        join enrolments e on e.id = s.enrolment_id
        join users u on u.jwl_id = e.user_id
        left join course_progress cp on cp.student_id = e.user_id and cp.course_id = ${classroom.courseId}
        where s.class_id = ${classId}
        order by lower(u.last_name), lower(u.first_name), s.id`,
  );
  const [scale] = await rows<{ scale_max: string | number | null }>(
    deps.db,
    sql`select g.scale_max from programmes p left join grading_schemas g on g.id = p.grading_schema_id
        where p.id = ${programmeId}`,
  );
  const scaleMax = scale?.scale_max == null ? null : Number(scale.scale_max);
  const denominators = await courseDenominators(deps.db, [classroom.courseId]);
  const d = denominators.get(classroom.courseId);
  return {
    ...classroom,
    roster: roster.map((r) => ({
      studentCourseId: r.id,
      enrolmentId: r.enrolment_id,
      jwlId: r.jwl_id,
      student: r.student,
      status: r.status,
      graded: r.graded,
      tasks: d?.tasks ?? 0,
      result:
        r.graded > 0
          ? courseResult(d, { points: Number(r.points), weighted: Number(r.weighted) }, scaleMax)
          : null,
    })),
  };
}

async function clcOfProgramme(db: Db, auth: AuthContext, programmeId: number, clcId: number) {
  const scope = clcScope(auth);
  const [found] = await rows<{ id: number }>(
    db,
    sql`select clc_id as id from programme_clcs where programme_id = ${programmeId} and clc_id = ${clcId}`,
  );
  if (!found || (scope !== null && !scope.includes(clcId)))
    throw invalidFields({ clcId: 'Choose a CLC of this programme that you work for.' });
}

const nameTaken = () => invalidFields({ name: 'This programme has a classroom of this name.' });

export async function createClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  offeringId: number,
  input: ClassroomInput,
): Promise<Classroom> {
  const offering = await offeringOf(deps.db, programmeId, offeringId);
  await clcOfProgramme(deps.db, auth, programmeId, input.clcId);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into classes (programme_id, clc_id, name, capacity)
          values (${programmeId}, ${input.clcId}, ${input.name}, ${input.capacity})
          on conflict do nothing returning id`,
    );
    if (!row) throw nameTaken();
    await tx.execute(
      sql`insert into ba_classrooms (class_id, offering_id) values (${row.id}, ${offeringId})`,
    );
    await audit(tx, auth, {
      action: 'ba_classroom.created',
      entityType: 'class',
      entityId: row.id,
      changes: { offeringId, termKey: offering.termKey, ...input },
    });
    return row.id;
  });
  return classroomOf(deps.db, auth, programmeId, id);
}

const closedRefusal = (c: Classroom) =>
  new AppError(409, 'CONFLICT', `${c.name} is closed: it takes no changes.`);

export async function updateClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  input: z.output<typeof classroomUpdateSchema>,
): Promise<Classroom> {
  await deps.db.transaction(async (tx) => {
    const before = await classroomOf(tx, auth, programmeId, classId);
    if (before.closedAt) throw closedRefusal(before);
    if (input.capacity < before.students)
      throw invalidFields({
        capacity: `${before.students} students sit in it: the capacity cannot be less.`,
      });
    let updated: { id: number }[];
    try {
      updated = await rows<{ id: number }>(
        tx,
        sql`update classes set name = ${input.name}, capacity = ${input.capacity},
              version = version + 1, updated_at = now()
            where id = ${classId} and version = ${input.version} returning id`,
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw nameTaken();
      throw error;
    }
    if (updated.length === 0)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this classroom meanwhile: reload it to see their change.',
        { current: before },
      );
    await audit(tx, auth, {
      action: 'ba_classroom.updated',
      entityType: 'class',
      entityId: classId,
      changes: { name: [before.name, input.name], capacity: [before.capacity, input.capacity] },
    });
  });
  return classroomOf(deps.db, auth, programmeId, classId);
}

export async function deleteClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await classroomOf(tx, auth, programmeId, classId);
    await tx.execute(sql`select id from classes where id = ${classId} for update`);
    const [n] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ba_student_courses where class_id = ${classId}`,
    );
    if ((n?.n ?? 0) > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${n?.n} students sit in ${before.name}: it can be deleted only when empty.`,
      );
    await tx.execute(sql`delete from classes where id = ${classId}`);
    await audit(tx, auth, {
      action: 'ba_classroom.deleted',
      entityType: 'class',
      entityId: classId,
      changes: { name: before.name, offeringId: before.offeringId },
    });
  });
}

/** Seats students of the classroom's offering (and its CLC) in it, within its capacity. */
export async function placeInClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  input: z.output<typeof classroomPlaceSchema>,
) {
  return deps.db.transaction(async (tx) => {
    const classroom = await classroomOf(tx, auth, programmeId, classId);
    if (classroom.closedAt) throw closedRefusal(classroom);
    await tx.execute(sql`select id from classes where id = ${classId} for update`);
    const ids = [...new Set(input.studentCourseIds)];
    const found = await rows<{ id: number; clc_id: number | null; class_id: number | null }>(
      tx,
      sql`select s.id, e.clc_id, s.class_id from ba_student_courses s join enrolments e on e.id = s.enrolment_id
          where s.id = any(${intArray(ids)}) and s.offering_id = ${classroom.offeringId}
            and ${inScope(sql`e.clc_id`, clcScope(auth))}`,
    );
    if (found.length !== ids.length)
      throw invalidFields({ studentCourseIds: 'Choose students of this classroom’s course.' });
    if (found.some((s) => s.clc_id !== classroom.clcId))
      throw invalidFields({
        studentCourseIds: `Choose students of ${classroom.clc}: the classroom is at that CLC.`,
      });
    const moving = found.filter((s) => s.class_id !== classId).length;
    const [n] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ba_student_courses where class_id = ${classId}`,
    );
    const free = classroom.capacity - (n?.n ?? 0);
    if (moving > free)
      throw new AppError(
        409,
        'CONFLICT',
        free <= 0
          ? `${classroom.name} is full: all ${classroom.capacity} seats are taken.`
          : `${classroom.name} has ${free} free seats of ${classroom.capacity}; ${moving} students do not fit.`,
      );
    await tx.execute(
      sql`update ba_student_courses set class_id = ${classId}, version = version + 1, updated_at = now()
          where id = any(${intArray(ids)}) and class_id is distinct from ${classId}`,
    );
    await audit(tx, auth, {
      action: 'ba_classroom.students',
      entityType: 'class',
      entityId: classId,
      changes: { studentCourseIds: ids },
    });
    return { placed: moving, alreadyPlaced: ids.length - moving };
  });
}

/**
 * Unseats one student: their course stays (status, results) and they sit in no classroom; the
 * seat frees. Out of reach (another CLC, another classroom) is 404; a closed classroom 409.
 */
export async function unseatFromClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  studentCourseId: number,
): Promise<Classroom> {
  await deps.db.transaction(async (tx) => {
    const classroom = await classroomOf(tx, auth, programmeId, classId);
    if (classroom.closedAt) throw closedRefusal(classroom);
    const [seated] = await rows<{ id: number; student: string }>(
      tx,
      sql`select s.id, u.first_name || ' ' || u.last_name as student
          from ba_student_courses s join enrolments e on e.id = s.enrolment_id
          join users u on u.jwl_id = e.user_id
          where s.id = ${studentCourseId} and s.class_id = ${classId}
            and ${inScope(sql`e.clc_id`, clcScope(auth))}
          for update of s`,
    );
    if (!seated) throw notFound('The student in this classroom');
    await tx.execute(
      sql`update ba_student_courses set class_id = null, version = version + 1, updated_at = now()
          where id = ${studentCourseId}`,
    );
    await audit(tx, auth, {
      action: 'ba_classroom.unseated',
      entityType: 'class',
      entityId: classId,
      changes: { studentCourseId, student: seated.student },
    });
  });
  return classroomOf(deps.db, auth, programmeId, classId);
}

/** The classroom's staff, set whole as the classes module sets a class's (each holds the role). */
export async function setClassroomStaff(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  input: z.output<typeof classroomStaffInputSchema>,
): Promise<Classroom> {
  const classroom = await classroomOf(deps.db, auth, programmeId, classId);
  if (classroom.closedAt) throw closedRefusal(classroom);
  const facilitators = await holdersOf(deps.db, input.facilitatorIds, [
    'FACILITATOR',
    'LEAD_FACILITATOR',
  ]);
  const faculty = await holdersOf(deps.db, input.facultyIds, ['FACULTY', 'LEAD_FACULTY']);
  const assistants = await holdersOf(deps.db, input.assistantIds, ['TEACHING_ASSISTANT']);
  const fields: Record<string, string> = {};
  if (facilitators.length !== new Set(input.facilitatorIds).size)
    fields.facilitatorIds = VALIDATION.select;
  if (faculty.length !== new Set(input.facultyIds).size) fields.facultyIds = VALIDATION.select;
  if (assistants.length !== new Set(input.assistantIds).size)
    fields.assistantIds = VALIDATION.select;
  if (Object.keys(fields).length) throw badRequest(VALIDATION.select, fields);
  const [facilitator, facultyKind, assistant] = CLASS_STAFF_KINDS;
  await deps.db.transaction(async (tx) => {
    await replaceStaff(tx, classId, [
      ...facilitators.map((userId) => ({ userId, kind: facilitator })),
      ...faculty
        .filter((id) => !facilitators.includes(id))
        .map((userId) => ({ userId, kind: facultyKind })),
      ...assistants
        .filter((id) => !facilitators.includes(id) && !faculty.includes(id))
        .map((userId) => ({ userId, kind: assistant })),
    ]);
    await audit(tx, auth, {
      action: 'ba_classroom.staff',
      entityType: 'class',
      entityId: classId,
      changes: { facilitators, faculty, assistants },
    });
  });
  return classroomOf(deps.db, auth, programmeId, classId);
}

/** CLASSROOM__CLOSE: the classroom moves to past-classrooms/closed. */
export async function closeClassroom(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<Classroom> {
  await deps.db.transaction(async (tx) => {
    const classroom = await classroomOf(tx, auth, programmeId, classId);
    if (classroom.closedAt) throw closedRefusal(classroom);
    await tx.execute(
      sql`update ba_classrooms set closed_at = now(), closed_by = ${auth.user.jwlId} where class_id = ${classId}`,
    );
    await audit(tx, auth, {
      action: 'ba_classroom.closed',
      entityType: 'class',
      entityId: classId,
      changes: { name: classroom.name, termKey: classroom.termKey },
    });
  });
  return classroomOf(deps.db, auth, programmeId, classId);
}
