import type { z } from 'zod';
import type {
  Classroom,
  ClassroomDetail,
  ClassroomInput,
  classroomUpdateSchema,
  pastClassroomQuerySchema,
} from '@lantern/contracts/bachelor-terms';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import { courseDenominators, courseResult } from '../learning/teaching/public';
import { offeringOf, termByKey } from './terms.service';
import {
  classroomRows,
  courseOffering,
  deleteClass,
  insertClassroom,
  lockClass,
  pastClassroomRows,
  programmeClc,
  programmeScaleMax,
  rosterRows,
  seatedCount,
  updateClassroomRow,
  type ClassroomsOf,
  type Row,
} from './classrooms.repository';
import { todayUtc } from './student-courses.service';

// Classrooms of a bachelor programme: a `classes` row (the learning platform's teaching group)
// tied to one offering by `ba_classrooms` (decision 0022). Its work, grades and grade book are
// the learning platform's; here: create, delete, the past lists (place, staff, close: in
// classrooms-seats.service.ts).

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

async function classroomsOf(db: Db, auth: AuthContext, programmeId: number, of: ClassroomsOf) {
  const found = await classroomRows(db, clcScope(auth), programmeId, of);
  return found.map(toClassroom);
}

export async function classroomOf(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<Classroom> {
  const [found] = await classroomsOf(db, auth, programmeId, { classId });
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
      classrooms: await classroomsOf(deps.db, auth, programmeId, { termId: term.id }),
    };
  const offering = await courseOffering(deps.db, term.id, courseId);
  return {
    offeringId: offering?.id ?? null,
    classrooms: await classroomsOf(deps.db, auth, programmeId, { termId: term.id, courseId }),
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
  const found = await pastClassroomRows(
    deps.db,
    clcScope(auth),
    programmeId,
    state,
    query,
    todayUtc(),
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
  const roster = await rosterRows(deps.db, classId, classroom.courseId);
  const scaleMax = await programmeScaleMax(deps.db, programmeId);
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
  const found = await programmeClc(db, programmeId, clcId);
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
    const row = await insertClassroom(tx, programmeId, offeringId, input);
    if (!row) throw nameTaken();
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

export const closedRefusal = (c: Classroom) =>
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
      updated = await updateClassroomRow(tx, classId, input);
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
    await lockClass(tx, classId);
    const n = await seatedCount(tx, classId);
    if (n > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${n} students sit in ${before.name}: it can be deleted only when empty.`,
      );
    await deleteClass(tx, classId);
    await audit(tx, auth, {
      action: 'ba_classroom.deleted',
      entityType: 'class',
      entityId: classId,
      changes: { name: before.name, offeringId: before.offeringId },
    });
  });
}
