import type { z } from 'zod';
import { CLASS_STAFF_KINDS } from '@lantern/contracts/classes';
import type {
  Classroom,
  classroomPlaceSchema,
  classroomStaffInputSchema,
} from '@lantern/contracts/bachelor-terms';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import { holdersOf, replaceStaff } from '../classes/public';
import { classroomOf, closedRefusal } from './classrooms.service';
import {
  closeClassroomRow,
  lockClass,
  offeringStudentCourses,
  seatStudentCourses,
  seatedCount,
  seatedStudentCourse,
  unseatStudentCourse,
} from './classrooms.repository';

// A bachelor classroom's seats and staff: students placed and unseated, staff set, the
// classroom closed (decision 0022).

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
    await lockClass(tx, classId);
    const ids = [...new Set(input.studentCourseIds)];
    const found = await offeringStudentCourses(tx, ids, classroom.offeringId, clcScope(auth));
    if (found.length !== ids.length)
      throw invalidFields({ studentCourseIds: 'Choose students of this classroom’s course.' });
    if (found.some((s) => s.clc_id !== classroom.clcId))
      throw invalidFields({
        studentCourseIds: `Choose students of ${classroom.clc}: the classroom is at that CLC.`,
      });
    const moving = found.filter((s) => s.class_id !== classId).length;
    const free = classroom.capacity - (await seatedCount(tx, classId));
    if (moving > free)
      throw new AppError(
        409,
        'CONFLICT',
        free <= 0
          ? `${classroom.name} is full: all ${classroom.capacity} seats are taken.`
          : `${classroom.name} has ${free} free seats of ${classroom.capacity}; ${moving} students do not fit.`,
      );
    await seatStudentCourses(tx, classId, ids);
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
    const seated = await seatedStudentCourse(tx, studentCourseId, classId, clcScope(auth));
    if (!seated) throw notFound('The student in this classroom');
    await unseatStudentCourse(tx, studentCourseId);
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
    await closeClassroomRow(tx, classId, auth.user.jwlId);
    await audit(tx, auth, {
      action: 'ba_classroom.closed',
      entityType: 'class',
      entityId: classId,
      changes: { name: classroom.name, termKey: classroom.termKey },
    });
  });
  return classroomOf(deps.db, auth, programmeId, classId);
}
