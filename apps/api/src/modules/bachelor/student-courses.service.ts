import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  COURSE_STATUS_ACTIONS,
  COURSE_STATUS_LABELS,
  inDropDeleteWindow,
  type CourseStatus,
  type CourseStatusAction,
} from '@lantern/contracts/bachelor';
import type {
  PlaceInput,
  StatusMove,
  StudentCourse,
  StudentCourseList,
  studentCourseExportQuerySchema,
  studentCourseQuerySchema,
} from '@lantern/contracts/bachelor-terms';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { queueBachelorMail } from '../../lib/automatic-mails';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { sendExport } from '../../lib/export';
import { clcScope } from '../../lib/scope';
import {
  activeEnrolmentsAmong,
  insertStudentCourses,
  lockOffering,
  offeringPlacedCounts,
  setCourseStatus,
  studentCourseBatch,
  studentCoursePage,
  studentCourseRow,
  termStartOfOffering,
  type Filter,
  type Row,
} from './student-courses.repository';
import { isoDay, offeringOf, termByKey } from './terms.service';
import { recordRetake } from './credits/credits.ledger';
import { syncCourseResults } from '@lantern/db/bachelor-attempts';

// Students in the offered courses of a bachelor programme's terms, and the one path every
// course-status move goes through (`moveCourseStatus`, decision 0022).

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

const toStudentCourse = (r: Row, today: string): StudentCourse => ({
  id: r.id,
  enrolmentId: r.enrolment_id,
  jwlId: r.jwl_id,
  student: r.student,
  firstName: r.first_name,
  lastName: r.last_name,
  enrolmentState: r.enrolment_state,
  clcId: r.clc_id,
  clc: r.clc,
  clcName: r.clc_name,
  termKey: r.term_key,
  offeringId: r.offering_id,
  kind: r.kind,
  courseId: r.course_id,
  courseCode: r.course_code,
  title: r.title,
  status: r.status,
  classroom: r.classroom,
  classId: r.class_id,
  reason: r.reason,
  inDropWindow: inDropDeleteWindow(isoDay(r.start_date), today),
  version: r.version,
});

type Query = z.output<typeof studentCourseQuerySchema>;

/** The id of the filter's term (by its key), or "not found"; none without a key. */
async function termIdOf(db: Db, programmeId: number, f: Filter) {
  return f.termKey ? (await termByKey(db, programmeId, f.termKey)).id : undefined;
}

/** One page of the students of a term (or a year's terms), in the request's CLC scope. */
export async function listStudentCourses(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: Query,
): Promise<StudentCourseList> {
  const termId = await termIdOf(deps.db, programmeId, query);
  const { found, total } = await studentCoursePage(
    deps.db,
    clcScope(auth),
    programmeId,
    query,
    termId,
  );
  const today = todayUtc();
  return {
    rows: found.map((r) => toStudentCourse(r, today)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function exportStudentCourses(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: z.output<typeof studentCourseExportQuerySchema>,
  reply: FastifyReply,
) {
  const termId = await termIdOf(deps.db, programmeId, query);
  const db = deps.db;
  const scope = clcScope(auth);
  async function* batches() {
    let after = 0;
    for (;;) {
      const batch = await studentCourseBatch(db, scope, programmeId, query, termId, after);
      const last = batch.at(-1);
      if (!last) return;
      yield batch;
      after = last.id;
    }
  }
  return sendExport<Row>(reply, {
    format: query.format,
    filename: `students-${query.termKey ?? query.year ?? 'all'}`,
    columns: [
      { header: 'JWL ID', value: (r) => r.jwl_id },
      { header: 'Student', value: (r) => r.student },
      { header: 'CLC', value: (r) => r.clc_name },
      { header: 'CLC code', value: (r) => r.clc },
      { header: 'Term', value: (r) => r.term_key },
      { header: 'Course', value: (r) => r.course_code },
      { header: 'Title', value: (r) => r.title },
      { header: 'Status', value: (r) => COURSE_STATUS_LABELS[r.status] },
      { header: 'Classroom', value: (r) => r.classroom },
      { header: 'Reason', value: (r) => r.reason },
    ],
    batches: batches(),
  });
}

/** A student course of the programme in the request's scope, or "not found". */
export async function studentCourseOf(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  id: number,
  lock = false,
): Promise<StudentCourse> {
  const row = await studentCourseRow(db, clcScope(auth), programmeId, id, lock);
  if (!row) throw notFound('The student course');
  return toStudentCourse(row, todayUtc());
}

/**
 * Places active students of the programme (in the request's scope) in an offering. The
 * offering row is locked, so two placements at once cannot pass its capacity together. Those
 * newly placed get the `bachelor_term_enrolment` mails, queued in the same transaction and
 * dispatched after the commit.
 */
export async function placeStudents(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  offeringId: number,
  input: PlaceInput,
) {
  const { placed, mailIds } = await deps.db.transaction(async (tx) => {
    const offering = await offeringOf(tx, programmeId, offeringId);
    await lockOffering(tx, offeringId);
    const ids = [...new Set(input.enrolmentIds)];
    const students = await activeEnrolmentsAmong(tx, ids, programmeId, clcScope(auth));
    if (students.length !== ids.length)
      throw invalidFields({ enrolmentIds: 'Choose active students of this programme.' });
    const counts = await offeringPlacedCounts(tx, ids, offeringId);
    const already = counts?.already ?? 0;
    const adding = ids.length - already;
    const free = offering.capacity - (counts?.placed ?? 0);
    if (adding > free)
      throw new AppError(
        409,
        'CONFLICT',
        free <= 0
          ? `${offering.title} is full: all ${offering.capacity} places are taken.`
          : `${offering.title} has ${free} free places of ${offering.capacity}; ${adding} students do not fit.`,
      );
    const added = await insertStudentCourses(tx, offeringId, ids, auth.user.jwlId);
    if (added.length > 0)
      await audit(tx, auth, {
        action: 'ba_student_course.placed',
        entityType: 'ba_offering',
        entityId: offeringId,
        changes: { termKey: offering.termKey, enrolmentIds: added.map((a) => a.enrolment_id) },
      });
    const queued =
      added.length > 0
        ? await queueBachelorMail(
            tx,
            {
              type: 'bachelor_term_enrolment',
              programmeId,
              studentCourseIds: added.map((a) => a.id),
            },
            deps.config.publicUrl,
          )
        : [];
    return { placed: { placed: added.length, alreadyPlaced: already }, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return placed;
}

const conflict = (detail: string) => new AppError(409, 'CONFLICT', detail);

/**
 * The one course-status move every path calls (a row action, a bulk action, the seed's
 * callers): the action's from-state, its right, its window, the version seen. A late
 * drop-delete needs `confirm` and a reason. Writes the move, its audit row, for a retake the
 * credit ledger's `replaced` entry (`recordRetake`), and the `bachelor_course_status_changed`
 * mails in one transaction; the mails are dispatched after the commit.
 */
export async function moveCourseStatus(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  studentCourseId: number,
  move: StatusMove,
  today = todayUtc(),
): Promise<StudentCourse> {
  const action = move.action as CourseStatusAction;
  const rule = COURSE_STATUS_ACTIONS[action];
  if (!auth.rights.has(rule.right))
    throw new AppError(403, 'MISSING_RIGHT', `${rule.label} needs the right ${rule.right}.`, {
      missingRight: rule.right,
    });
  const { moved, mailIds } = await deps.db.transaction(async (tx) => {
    const current = await studentCourseOf(tx, auth, programmeId, studentCourseId, true);
    if (current.version !== move.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this student’s course meanwhile: reload to see their change.',
        { current },
      );
    if (!(rule.from as readonly CourseStatus[]).includes(current.status))
      throw conflict(
        `${rule.label} is possible only from ${rule.from.map((s) => COURSE_STATUS_LABELS[s]).join(' or ')}; ${current.student}’s ${current.courseCode} is ${COURSE_STATUS_LABELS[current.status]}.`,
      );
    const reason = move.reason?.trim() || null;
    if (rule.window === 'first-two-weeks') {
      const term = await termStartOfOffering(tx, current.offeringId);
      const late = term && !inDropDeleteWindow(isoDay(term.start_date), today);
      if (late && (move.confirm !== true || !reason))
        throw conflict(
          `The first two weeks of the term are over: dropping now needs your confirmation and a reason.`,
        );
    }
    await setCourseStatus(tx, studentCourseId, rule.to, reason, auth.user.jwlId);
    // A dropped attempt no longer counts: the student's course result is the latest attempt's
    // that still has one (decision 0022, "results per attempt").
    if (rule.to === 'drop-delete') await syncCourseResults(tx, [current.enrolmentId]);
    // A retake takes back the credit the course holds (none when it has no final result yet).
    const replacedEntryId =
      rule.to === 'retaken'
        ? await recordRetake(tx, {
            enrolmentId: current.enrolmentId,
            courseId: current.courseId,
            approvedBy: auth.user.jwlId,
          })
        : undefined;
    await audit(tx, auth, {
      action: 'ba_student_course.status',
      entityType: 'ba_student_course',
      entityId: studentCourseId,
      changes: {
        action,
        status: [current.status, rule.to],
        reason,
        confirm: move.confirm ?? null,
        ...(replacedEntryId === undefined ? {} : { ledgerEntryId: replacedEntryId }),
      },
    });
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_course_status_changed',
        programmeId,
        studentCourseIds: [studentCourseId],
        status: rule.to,
      },
      deps.config.publicUrl,
    );
    return {
      moved: await studentCourseOf(tx, auth, programmeId, studentCourseId),
      mailIds: queued,
    };
  });
  deps.mailer.dispatch(mailIds);
  return moved;
}
