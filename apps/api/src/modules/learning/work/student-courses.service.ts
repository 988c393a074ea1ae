import type { Db } from '@lantern/db/client';
import type {
  MyStudies,
  ReasonInput,
  StudentCourse,
  StudentCourses,
} from '@lantern/contracts/learning-work';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { clcScope } from '../../../lib/scope';
import { studentInScope } from '../../enrolments/public';
import {
  findMyBreaks,
  findMyEnrolments,
  findStanding,
  findStudentCourses,
  markRestored,
  upsertDropped,
  type CourseRow,
  type Standing,
} from './student-courses.repository';

// The sis side of a student's courses (decision 0019 Routes, ACTIVE_COURSES and
// ADDITIONAL_COURSES): staff read them on the student's overview, drop and restore a course,
// and enrol the student in a course outside their programme. The student must be in the
// caller's CLC scope, as on every student route. Additional courses are
// student-courses-additional.service.ts.

export async function studentFor(db: Db, auth: AuthContext, studentId: number): Promise<void> {
  if (!(await studentInScope(db, studentId, clcScope(auth)))) throw notFound('The student');
}

/** The student's courses (learning, dropped, or read-only after the enrolment), with progress. */
export async function listCourses(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  const list = await findStudentCourses(deps.db, studentId);
  return { items: list.map(toCourse) };
}

function toCourse(r: CourseRow): StudentCourse {
  const max = r.max_points === null ? 0 : Number(r.max_points);
  const scale = r.scale_max === null ? null : Number(r.scale_max);
  return {
    courseId: r.course_id,
    code: r.code,
    title: r.title,
    programme: {
      id: r.programme_id,
      code: r.programme_code,
      title: r.programme_title,
      type: r.programme_type,
      status: r.programme_status,
    },
    source: r.source,
    status: r.status,
    class:
      r.class_id !== null && r.class_name !== null ? { id: r.class_id, name: r.class_name } : null,
    enrolmentState: r.enrolment_state,
    reason: r.reason,
    itemsDone: r.items_done,
    itemsTotal: r.items_total,
    tasksSubmitted: r.tasks_submitted,
    tasksTotal: r.tasks_total,
    result:
      max > 0 && scale !== null
        ? Math.round((Number(r.points ?? 0) / max) * scale * 100) / 100
        : null,
    scaleMax: scale,
    hasWork: r.has_work,
    version: r.version,
  };
}

const checkVersion = (s: Standing, version: number | null | undefined) => {
  if (version != null && s.version !== null && s.version !== version)
    throw new AppError(
      409,
      'STALE_VERSION',
      'This course was changed meanwhile. Please reload and try again.',
    );
};

/** Takes a course out of the student's learning (their work is kept; restore brings it back). */
export async function dropCourse(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: ReasonInput,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const s = await findStanding(tx, studentId, courseId);
    if (!s) throw notFound('The course');
    if (s.row_status === 'dropped')
      throw new AppError(409, 'CONFLICT', 'This course is dropped already.');
    checkVersion(s, input.version);
    await upsertDropped(tx, studentId, courseId, input.reason, auth.user.jwlId);
    await audit(tx, auth, {
      action: 'course.drop',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** Brings a dropped course back. */
export async function restoreCourse(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: ReasonInput,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const s = await findStanding(tx, studentId, courseId);
    if (!s) throw notFound('The course');
    if (s.row_status !== 'dropped')
      throw new AppError(409, 'CONFLICT', 'This course is not dropped.');
    checkVersion(s, input.version);
    await markRestored(tx, studentId, courseId, input.reason);
    await audit(tx, auth, {
      action: 'course.restore',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** The caller's own programmes, states, study breaks and certificates (read-only). */
export async function myStudies(deps: Deps, auth: AuthContext): Promise<MyStudies> {
  const me = auth.user.jwlId;
  const today = new Date().toISOString().slice(0, 10);
  const [enrolments, breaks] = await Promise.all([
    findMyEnrolments(deps.db, me),
    findMyBreaks(deps.db, me),
  ]);
  return {
    programmes: enrolments.map((e) => ({
      programme: {
        id: e.programme_id,
        code: e.code,
        title: e.title,
        type: e.type,
        startDate: e.start_date,
        endDate: e.end_date,
      },
      state: e.state,
      clc: e.clc_id !== null && e.clc_code !== null ? { id: e.clc_id, code: e.clc_code } : null,
      class:
        e.class_id !== null && e.class_name !== null
          ? { id: e.class_id, name: e.class_name }
          : null,
      breaks: breaks
        .filter((b) => b.enrolment_id === e.id)
        .map((b) => ({
          startsOn: b.starts_on,
          endsOn: b.ends_on,
          current: e.state === 'active' && b.starts_on <= today && b.ends_on >= today,
        })),
      certificate:
        e.certificate_code !== null && e.issued_on !== null
          ? { code: e.certificate_code, issuedOn: e.issued_on }
          : null,
    })),
  };
}
