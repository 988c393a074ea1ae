import type { Db } from '@lantern/db/client';
import type {
  AdditionalCandidate,
  AdditionalCourseInput,
  AdditionalCourseUpdate,
  ClassOption,
  StudentCourses,
} from '@lantern/contracts/learning-work';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import {
  deleteCourseEnrolment,
  findAdditionalClassOptions,
  findCandidates,
  hasCourseWork,
  insertAdditional,
  isAdditionalCandidate,
  isClassOfCourse,
  lockAdditionalRow,
  updateAdditionalClass,
} from './student-courses.repository';
import { listCourses, studentFor } from './student-courses.service';

// Additional courses (decision 0019 ADDITIONAL_COURSES): staff enrol a student in a course
// outside their programme, with a class to learn in, move them, or remove it given by mistake.

/**
 * Courses the student could take in addition: courses of running programmes offered in the
 * caller's CLC scope that the student does not have yet, with the classes at the student's CLCs.
 */
export async function additionalCandidates(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  q: string | undefined,
): Promise<{ items: AdditionalCandidate[] }> {
  await studentFor(deps.db, auth, studentId);
  const list = await findCandidates(deps.db, auth, studentId, q);
  return {
    items: list.map((r) => ({
      courseId: r.course_id,
      code: r.code,
      title: r.title,
      programme: {
        id: r.programme_id,
        code: r.programme_code,
        title: r.programme_title,
        type: r.programme_type,
      },
      classes: r.classes ?? [],
    })),
  };
}

async function assertClassOfCourse(
  tx: Db,
  courseId: number,
  classId: number | null,
): Promise<void> {
  if (classId === null) return;
  if (!(await isClassOfCourse(tx, courseId, classId)))
    throw badRequest('The class is not a class of this course’s programme.', {
      classId: 'The class is not a class of this course’s programme.',
    });
}

/** Enrols the student in a course outside their programme, with a class to learn in. */
export async function addAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  input: AdditionalCourseInput,
): Promise<StudentCourses> {
  const { items } = await additionalCandidates(deps, auth, studentId, undefined);
  await deps.db.transaction(async (tx) => {
    const candidate = await isAdditionalCandidate(tx, auth, input.courseId);
    if (!candidate) throw notFound('The course');
    if (!items.some((c) => c.courseId === input.courseId))
      throw new AppError(409, 'ALREADY_EXISTS', 'The student has this course already.');
    await assertClassOfCourse(tx, input.courseId, input.classId);
    await insertAdditional(tx, studentId, input, auth.user.jwlId);
    await audit(tx, auth, {
      action: 'course.additional.add',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId: input.courseId, classId: input.classId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

async function lockAdditional(tx: Db, studentId: number, courseId: number) {
  const row = await lockAdditionalRow(tx, studentId, courseId);
  if (!row) throw notFound('The additional course');
  return row;
}

/** The classes an additional course's learner may be moved to (its programme's, at their CLCs). */
export async function additionalClassOptions(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
): Promise<{ items: ClassOption[] }> {
  await studentFor(deps.db, auth, studentId);
  const row = await findAdditionalClassOptions(deps.db, studentId, courseId);
  if (!row) throw notFound('The additional course');
  return { items: row.classes ?? [] };
}

/** Moves the student to another class for an additional course. */
export async function updateAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: AdditionalCourseUpdate,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const row = await lockAdditional(tx, studentId, courseId);
    if (row.version !== input.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'This course was changed meanwhile. Please reload and try again.',
      );
    await assertClassOfCourse(tx, courseId, input.classId);
    await updateAdditionalClass(tx, studentId, courseId, input.classId);
    await audit(tx, auth, {
      action: 'course.additional.move',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, from: row.class_id, to: input.classId },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** Removes an additional course given by mistake: refused once there is work (drop it instead). */
export async function removeAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    await lockAdditional(tx, studentId, courseId);
    const work = await hasCourseWork(tx, studentId, courseId);
    if (work)
      throw new AppError(
        409,
        'HAS_WORK',
        'The student has work in this course, so it cannot be removed: drop it instead.',
      );
    await deleteCourseEnrolment(tx, studentId, courseId);
    await audit(tx, auth, {
      action: 'course.additional.remove',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId },
    });
  });
  return listCourses(deps, auth, studentId);
}
