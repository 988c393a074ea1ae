import type {
  AffectedCertificate,
  GradeRequestDetail,
  GradeRequestPage,
  GradeRequestQuery,
  gradeRequestInputSchema,
} from '@lantern/contracts/grade-requests';
import { rightLabel } from '@lantern/contracts/labels';
import type { GradeOutcome } from '@lantern/contracts/learning-enums';
import type { z } from 'zod';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { findGrade, type GradeRow } from '../teaching/public';
import { historyEntry } from '../teaching/public';
import { assertMayGrade } from '../teaching/public';
import * as repo from './requests.repository';
import {
  findCertificates,
  findRequestEvents,
  findResult,
  findTaskGrade,
  insertRequest,
  learnerInReach,
  programmeInScope,
  type ResultRef,
} from './requests-grades.repository';
import * as notify from './requests.notify';

// Undo-publish and grade-change requests (spec §1, decision 0021 §2): a grader asks, another
// person decides; an approval applies the request through the grade ledger (its events carry the
// request's id) in one transaction with the request's state, the course totals and the
// notifications. Every refusal of §2.4 is a 409 with its sentence. The decisions are
// requests-decide.service.ts.

type Input = z.output<typeof gradeRequestInputSchema>;

const NOT_PUBLISHED = 'This grade is not published: change it on the grade page.';
export const NOT_FINAL = 'This result is not final yet: change it on the finish page.';

/** That the caller reaches the learner in the course (404 "The grade" otherwise). */
async function assertLearnerInReach(
  db: Db,
  auth: AuthContext,
  courseId: number,
  studentId: number,
) {
  if (!(await learnerInReach(db, auth, courseId, studentId))) throw notFound('The grade');
}

function refuseOpen(id: number): AppError {
  return new AppError(
    409,
    'CONFLICT',
    `There is already an open request for this grade (#${String(id)}).`,
  );
}

/** POST …/grade-requests: asks to unpublish or change a published grade or a final result. */
export async function createRequest(
  deps: Deps,
  auth: AuthContext,
  input: Input,
): Promise<GradeRequestDetail> {
  const id = await deps.db.transaction(async (tx) => {
    let row: {
      itemId: number | null;
      enrolmentId: number | null;
      version: number;
      fromPoints: number | null;
      fromOutcome: GradeOutcome | null;
      maxPoints: number;
      toOutcome: GradeOutcome | null;
      toPoints: number | null;
      toComment: string | null;
    };
    if (input.subject === 'task') {
      const itemId = input.itemId ?? 0;
      const task = await findTaskGrade(tx, auth, itemId, input.studentId, input.courseId);
      if (!task) throw notFound('The grade');
      // The person who could have published it: grading scope and responsibility for the task.
      assertMayGrade(auth, { delivery: task.delivery ?? 'online' }, task.in_grading_scope);
      const grade = await findGrade(tx, itemId, input.studentId, true);
      if (!grade) throw notFound('The grade');
      if (!grade.isPublished) throw new AppError(409, 'CONFLICT', NOT_PUBLISHED);
      const max = Number(task.max_points);
      const toOutcome = input.kind === 'grade_change' ? (input.toOutcome ?? 'graded') : null;
      const toPoints =
        input.kind === 'grade_change' && toOutcome === 'graded' ? (input.toPoints ?? null) : null;
      if (toPoints !== null && toPoints > max)
        throw badRequest(`At most ${String(max)} points.`, { toPoints: `At most ${String(max)}` });
      row = {
        itemId,
        enrolmentId: null,
        version: grade.version,
        fromPoints: grade.points,
        fromOutcome: grade.outcome,
        maxPoints: max,
        toOutcome,
        toPoints,
        toComment: input.kind === 'grade_change' ? (input.toComment ?? null) : null,
      };
      if (
        input.kind === 'grade_change' &&
        toOutcome === grade.outcome &&
        toPoints === grade.points &&
        (row.toComment === null || row.toComment === grade.comment)
      )
        throw badRequest('The new value is the grade as it is.', {
          toPoints: 'The grade is this already',
        });
    } else {
      if (!auth.rights.has('PROGRAMME__REVIEW_GRADES'))
        throw new AppError(
          403,
          'FORBIDDEN',
          `Asking to change a course result needs the right “${rightLabel('PROGRAMME__REVIEW_GRADES')}”.`,
        );
      await assertLearnerInReach(tx, auth, input.courseId, input.studentId);
      const result = await findResult(tx, input.courseId, input.studentId, true);
      if (!result || result.score === null) throw notFound('The result');
      if (!result.is_final) throw new AppError(409, 'CONFLICT', NOT_FINAL);
      const max = Number(result.scale_max ?? 0);
      const toPoints = input.toPoints ?? null;
      if (toPoints !== null && toPoints > max)
        throw badRequest(`At most ${String(max)}.`, { toPoints: `At most ${String(max)}` });
      if (toPoints === Number(result.score))
        throw badRequest('The new value is the result as it is.', {
          toPoints: 'The result is this already',
        });
      row = {
        itemId: null,
        enrolmentId: result.enrolment_id,
        version: result.version ?? 0,
        fromPoints: Number(result.score),
        fromOutcome: null,
        maxPoints: max,
        toOutcome: null,
        toPoints,
        toComment: null,
      };
    }
    if (row.version !== input.gradeVersion)
      throw new AppError(
        409,
        'GRADE_CHANGED',
        'This grade was changed since you opened it: look at it again before asking.',
      );
    const open = await repo.openRequestFor(tx, {
      courseId: input.courseId,
      studentId: input.studentId,
      itemId: row.itemId,
    });
    if (open !== null) throw refuseOpen(open);
    const made = await insertRequest(tx, {
      kind: input.kind,
      subject: input.subject,
      courseId: input.courseId,
      studentId: input.studentId,
      ...row,
      reason: input.reason,
      requestedBy: auth.user.jwlId,
    });
    // A concurrent request took the grade between our check and our insert.
    if (made === null) {
      const other = await repo.openRequestFor(tx, {
        courseId: input.courseId,
        studentId: input.studentId,
        itemId: row.itemId,
      });
      throw refuseOpen(other ?? 0);
    }
    const created = await repo.findRequest(tx, auth, made);
    if (created) await notify.onCreate(tx, created);
    return made;
  });
  return getRequest(deps, auth, id);
}

/** GET …/grade-requests: the queue in reach, newest first, with counts per state and kind. */
export async function findRequests(
  deps: Deps,
  auth: AuthContext,
  query: GradeRequestQuery,
): Promise<GradeRequestPage> {
  const { found, counts, courses } = await repo.findRequests(deps.db, auth, query);
  const shown = found.slice(0, query.limit);
  const perState = { open: 0, approved: 0, declined: 0, withdrawn: 0 };
  const openByKind = { undo_publish: 0, grade_change: 0 };
  for (const c of counts) {
    if (!query.kind || c.kind === query.kind) perState[c.state] += c.n;
    if (c.state === 'open' && (!query.state || query.state === 'open')) openByKind[c.kind] += c.n;
  }
  return {
    rows: shown.map((r) => repo.toRequest(r, auth)),
    next: found.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
    counts: perState,
    openByKind,
    courses,
  };
}

/** The grade or result as it is now, for the request page and the stale check. */
export async function currentOf(
  db: Db,
  r: repo.RequestRow,
  lock = false,
): Promise<{ grade: GradeRow | null; result: ResultRef | null; version: number | null }> {
  if (r.item_id !== null) {
    const grade = await findGrade(db, r.item_id, r.student_id, lock);
    return { grade, result: null, version: grade?.version ?? null };
  }
  const result = await findResult(db, r.course_id, r.student_id, lock);
  return {
    grade: null,
    result,
    version: result?.score === null || !result ? null : result.version,
  };
}

/** Certificates of the learner's enrolment in the course's programme (grade changes only). */
async function certificatesOf(db: Db, r: repo.RequestRow): Promise<AffectedCertificate[]> {
  if (r.kind !== 'grade_change') return [];
  const found = await findCertificates(db, r.programme_id, r.student_id);
  return found.map((c) => ({
    id: c.id,
    code: c.code,
    issuedOn:
      typeof c.issued_on === 'string'
        ? c.issued_on.slice(0, 10)
        : c.issued_on.toISOString().slice(0, 10),
    revokedAt: c.revoked_at === null ? null : new Date(c.revoked_at).toISOString(),
  }));
}

/** GET …/grade-request/:id: the request, the grade now, its ledger events and certificates. */
export async function getRequest(
  deps: Deps,
  auth: AuthContext,
  id: number,
): Promise<GradeRequestDetail> {
  const r = await repo.findRequest(deps.db, auth, id);
  if (!r) throw notFound('The request');
  const [now, events, certificates, mayRevoke] = await Promise.all([
    currentOf(deps.db, r),
    findRequestEvents(deps.db, r.student_id, r.id),
    certificatesOf(deps.db, r),
    mayRevokeCertificates(deps.db, auth, r.programme_id),
  ]);
  const current = now.grade
    ? {
        points: now.grade.points,
        outcome: now.grade.outcome,
        published: now.grade.isPublished,
        version: now.grade.version,
      }
    : now.result && now.result.score !== null
      ? {
          points: Number(now.result.score),
          outcome: null,
          published: now.result.is_final === true,
          version: now.result.version ?? 0,
        }
      : null;
  return {
    request: repo.toRequest(r, auth),
    current,
    stale: r.state === 'open' && now.version !== r.grade_version,
    events: events.map((e) => historyEntry(e, false)),
    certificates,
    mayRevokeCertificates: mayRevoke,
  };
}

async function mayRevokeCertificates(db: Db, auth: AuthContext, programmeId: number) {
  if (!auth.rights.has('CERTIFICATE__DELETE')) return false;
  return programmeInScope(db, auth, programmeId);
}
