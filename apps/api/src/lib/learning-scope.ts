import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { AuthContext } from '../plugins/auth';
import { classScope, classInScope } from './class-scope';
import { clcScope } from './scope';
import { inScope, rows } from './sql';
import { notFound } from './errors';

// Who reaches what in the lms (decision 0019, "Who reaches what"). Every learning route asks
// here, in SQL, so a course, unit, item, submission or learner out of reach is "not found" on
// every path: the reading pages, grading, the grade book, authoring and the exports.

/** Learns: holds SUBMISSION__CREATE (students). Learners never grade. */
export const isLearner = (auth: AuthContext): boolean => auth.rights.has('SUBMISSION__CREATE');

/** System role seeAllCourses reads every course and class; it grants no other right (spec §3). */
export const seesAllCourses = (auth: AuthContext): boolean =>
  auth.user.systemRole === 'seeAllCourses';

/** May author content: a document or task editing right (lead faculty, academic managers). */
export const isAuthor = (auth: AuthContext): boolean =>
  auth.rights.has('COURSE_DOCUMENT__EDIT') || auth.rights.has('COURSE_TASK__EDIT');

/**
 * The condition that the caller may author a course of the programme `programmeId`: an author
 * whose CLC scope meets a CLC offering it (network-wide roles: every programme).
 */
export function authoringReach(programmeId: SQL, auth: AuthContext): SQL {
  if (!isAuthor(auth)) return sql`false`;
  const clcs = clcScope(auth);
  if (clcs === null) return sql`true`;
  return sql`exists (select 1 from programme_clcs pc where pc.programme_id = ${programmeId} and ${inScope(sql`pc.clc_id`, clcs)})`;
}

/** The condition that the caller reaches a class of the programme (they teach or oversee it). */
function classReach(programmeId: SQL, auth: AuthContext): SQL {
  if (!auth.rights.has('CLASSROOM__DISPLAY') && !auth.rights.has('PC_CLASS__DISPLAY'))
    return sql`false`;
  return sql`exists (select 1 from classes k where k.programme_id = ${programmeId} and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))})`;
}

/**
 * The condition that the caller reaches the course `courseId` of programme `programmeId` to
 * read its content: they learn in it, teach a class of its programme, may author it, or see
 * every course.
 */
export function courseReach(courseId: SQL, programmeId: SQL, auth: AuthContext): SQL {
  if (seesAllCourses(auth)) return sql`true`;
  const own = sql`exists (select 1 from course_learners cl where cl.course_id = ${courseId} and cl.student_id = ${auth.user.jwlId})`;
  // A union, not "learners read only their own": an admin holds SUBMISSION__CREATE as well as
  // every staff right, and a student holds no class or authoring right, so each reaches its own.
  return sql`(${own} or ${classReach(programmeId, auth)} or ${authoringReach(programmeId, auth)})`;
}

/**
 * The condition that the caller reaches a learner's work (submissions, grades, progress) in a
 * course, given the learner's `course_learners` row alias `cl`: oneself; learners whose class is in class scope;
 * or whose CLC is in CLC scope for holders of PC_CLASS__DISPLAY or an authoring right; or
 * everyone for seeAllCourses. A student reaches only themselves.
 */
export function learnerReach(cl: string, auth: AuthContext): SQL {
  const c = sql.raw(cl);
  if (seesAllCourses(auth)) return sql`true`;
  // Oneself, and whom one's classes and CLCs reach (a student has neither, so only themselves).
  return sql`(${c}.student_id = ${auth.user.jwlId} or ${classLearners(cl, auth)} or ${wideReach(cl, auth)})`;
}

/** The learners whose class for the course is in the caller's class scope. */
function classLearners(cl: string, auth: AuthContext): SQL {
  if (!auth.rights.has('CLASSROOM__DISPLAY') && !auth.rights.has('PC_CLASS__DISPLAY'))
    return sql`false`;
  const c = sql.raw(cl);
  return sql`(${c}.class_id is not null and exists (select 1 from classes k where k.id = ${c}.class_id and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}))`;
}

function wideReach(cl: string, auth: AuthContext): SQL {
  if (!auth.rights.has('PC_CLASS__DISPLAY') && !isAuthor(auth)) return sql`false`;
  return inScope(sql`${sql.raw(cl)}.clc_id`, clcScope(auth));
}

/**
 * The learners whose grades the caller may set (responsibility is checked per task on top, in
 * assertMayGrade): their class is in class scope; with SUBMISSION__EDIT also the wider reach.
 * Never widened by seeAllCourses; never a learner.
 */
export function gradingScope(cl: string, auth: AuthContext): SQL {
  if (isLearner(auth)) return sql`false`;
  const inClass = classLearners(cl, auth);
  if (!auth.rights.has('SUBMISSION__EDIT')) return inClass;
  return sql`(${inClass} or ${wideReach(cl, auth)})`;
}

export type CourseInReach = {
  courseId: number;
  programmeId: number;
  programmeType: ProgrammeType;
  programmeStatus: ProgrammeStatus;
  gradingSchemaId: number | null;
};

type CourseRow = {
  course_id: number;
  programme_id: number;
  programme_type: ProgrammeType;
  programme_status: ProgrammeStatus;
  grading_schema_id: number | null;
};

const toCourse = (r: CourseRow): CourseInReach => ({
  courseId: r.course_id,
  programmeId: r.programme_id,
  programmeType: r.programme_type,
  programmeStatus: r.programme_status,
  gradingSchemaId: r.grading_schema_id,
});

const COURSE_COLUMNS = sql`c.id as course_id, p.id as programme_id, p.type as programme_type, p.status as programme_status, p.grading_schema_id`;

/** The course if the caller reaches it (content reading), else 404. */
export async function loadCourseInReach(
  db: Db,
  auth: AuthContext,
  courseId: number,
): Promise<CourseInReach> {
  const [row] = await rows<CourseRow>(
    db,
    sql`select ${COURSE_COLUMNS} from programme_courses c join programmes p on p.id = c.programme_id
        where c.id = ${courseId} and ${courseReach(sql`c.id`, sql`p.id`, auth)}`,
  );
  if (!row) throw notFound('The course');
  return toCourse(row);
}

/** The course if the caller may author it, else 404. */
export async function loadCourseToAuthor(
  db: Db,
  auth: AuthContext,
  courseId: number,
): Promise<CourseInReach> {
  const [row] = await rows<CourseRow>(
    db,
    sql`select ${COURSE_COLUMNS} from programme_courses c join programmes p on p.id = c.programme_id
        where c.id = ${courseId} and ${authoringReach(sql`p.id`, auth)}`,
  );
  if (!row) throw notFound('The course');
  return toCourse(row);
}

/** The course a unit belongs to (not deleted), or 404. */
export async function courseOfUnit(db: Db, unitId: number): Promise<number> {
  const [row] = await rows<{ course_id: number }>(
    db,
    sql`select course_id from learning_units where id = ${unitId} and deleted_at is null`,
  );
  if (!row) throw notFound('The unit');
  return row.course_id;
}

/** The course an item belongs to (not deleted), or 404. */
export async function courseOfItem(db: Db, itemId: number): Promise<number> {
  const [row] = await rows<{ course_id: number }>(
    db,
    sql`select i.course_id from learning_items i join learning_units u on u.id = i.unit_id
        where i.id = ${itemId} and i.deleted_at is null and u.deleted_at is null`,
  );
  if (!row) throw notFound('The item');
  return row.course_id;
}

export type LearnerInReach = {
  studentId: number;
  courseId: number;
  classId: number | null;
  clcId: number | null;
  enrolmentId: number | null;
  maySubmit: boolean;
  /** The caller may set this learner's grades (responsibility per task still applies). */
  inGradingScope: boolean;
};

/** A learner of a course if the caller reaches their work, else 404. */
export async function loadLearnerInReach(
  db: Db,
  auth: AuthContext,
  courseId: number,
  studentId: number,
): Promise<LearnerInReach> {
  const [row] = await rows<{
    student_id: number;
    course_id: number;
    class_id: number | null;
    clc_id: number | null;
    enrolment_id: number | null;
    may_submit: boolean;
    in_grading_scope: boolean;
  }>(
    db,
    sql`select cl.student_id, cl.course_id, cl.class_id, cl.clc_id, cl.enrolment_id, cl.may_submit,
          ${gradingScope('cl', auth)} as in_grading_scope
        from course_learners cl
        where cl.course_id = ${courseId} and cl.student_id = ${studentId} and ${learnerReach('cl', auth)}
        limit 1`,
  );
  if (!row) throw notFound('The learner');
  return {
    studentId: row.student_id,
    courseId: row.course_id,
    classId: row.class_id,
    clcId: row.clc_id,
    enrolmentId: row.enrolment_id,
    maySubmit: row.may_submit,
    inGradingScope: row.in_grading_scope,
  };
}
