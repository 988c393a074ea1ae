import type { GradeRequestDetail } from '@lantern/contracts/grade-requests';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { assertSecondPerson } from '../../../lib/second-person';
import { applyGradeEvent, type GradeRow } from '../teaching/public';
import { courseDenominators, courseResult } from '../teaching/public';
import { applyResultEvents } from '../teaching/public';
import { notifyGradeComment, when } from '../teaching/public';
import * as repo from './requests.repository';
import {
  findFirstRequestEvent,
  findProgressTotals,
  findResult,
  findTaskToApply,
  markApproved,
  markDeclined,
  markWithdrawn,
  type ResultRef,
} from './requests-grades.repository';
import * as notify from './requests.notify';
import { currentOf, getRequest, NOT_FINAL } from './requests.service';

// Deciding a grade request (decision 0021 §2): approve (applied through the grade ledger in one
// transaction with the request's state and the notifications), decline, or withdraw.

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const pts = (p: number | null) => (p === null ? 'nothing' : String(p));

/** "3 Mar 14:02" (UTC), as the decided sentence says it whatever the day. */
function dayTime(v: Date | string): string {
  const d = new Date(v);
  const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  return `${String(d.getUTCDate())} ${month} ${d.toISOString().slice(11, 16)}`;
}

const OWN_SENTENCE = 'You asked for this change; another person decides it.';

/** The checks every decision shares, on the locked request: decided, own, stale request. */
async function loadForDecision(
  tx: Db,
  auth: AuthContext,
  id: number,
  version: number,
  who: 'decider' | 'requester',
): Promise<repo.RequestRow> {
  const r = await repo.findRequest(tx, auth, id, true);
  if (!r) throw notFound('The request');
  if (who === 'requester' && r.requested_by !== auth.user.jwlId)
    throw new AppError(403, 'FORBIDDEN', 'Only the person who asked can withdraw a request.');
  if (who === 'decider' && !r.in_reach) throw notFound('The request');
  if (r.state !== 'open')
    throw new AppError(
      409,
      'CONFLICT',
      r.decided_at === null
        ? `This request was already ${r.state}.`
        : `This request was already ${r.state} by ${r.decided_by_name ?? 'someone'} on ${dayTime(r.decided_at)}.`,
    );
  if (who === 'decider') assertSecondPerson(auth, r.requested_by, OWN_SENTENCE);
  if (r.version !== version)
    throw new AppError(
      409,
      'STALE_VERSION',
      'This request changed since you opened it: look at it again.',
    );
  return r;
}

/** The stale sentence: who set the grade to what, and when. */
async function staleSentence(db: Db, r: repo.RequestRow): Promise<string> {
  const last = await repo.lastEventOf(db, r);
  const tail = 'Decline this request, or ask again.';
  if (!last) return `The grade changed since this request was made. ${tail}`;
  const who = last.actor_name ?? 'The system';
  const what =
    last.action === 'unpublish'
      ? 'unpublished it'
      : last.new_outcome === 'returned'
        ? 'returned it for rework'
        : `set it to ${pts(num(last.new_points))}`;
  return `The grade changed since this request was made: ${who} ${what} at ${when(iso(last.at))}. ${tail}`;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** POST …/grade-request/:id/approve: applies the request through the ledger, all or nothing. */
export async function approveRequest(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { version: number; note?: string | undefined },
): Promise<GradeRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await loadForDecision(tx, auth, id, input.version, 'decider');
    const now = await currentOf(tx, r, true);
    if (now.version !== r.grade_version)
      throw new AppError(409, 'GRADE_CHANGED', await staleSentence(tx, r));
    const by = {
      actorId: auth.user.jwlId,
      impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
    };
    if (r.item_id !== null && now.grade) await applyTask(tx, r, now.grade, by);
    else if (now.result) await applyResult(tx, r, now.result, by);
    const event = await findFirstRequestEvent(tx, r.student_id, r.id);
    await markApproved(tx, r.id, auth.user.jwlId, input.note || null, event);
    await notify.onDecision(tx, r, 'approved', input.note || null);
  });
  return getRequest(deps, auth, id);
}

type By = { actorId: number; impersonatorId: number | null };

/** A task's unpublish or change, and after the finish the course result it moves. */
async function applyTask(tx: Db, r: repo.RequestRow, before: GradeRow, by: By): Promise<void> {
  const itemId = r.item_id ?? 0;
  const task = await findTaskToApply(tx, itemId);
  if (!task) throw notFound('The task');
  const common = {
    itemId,
    studentId: r.student_id,
    courseId: r.course_id,
    expectedVersion: r.grade_version,
    maxPoints: Number(task.max_points ?? before.maxPoints),
    weight: num(task.weight),
    itemVersion: task.item_version,
    gradingSchemaId: task.grading_schema_id,
    gradingSchemaVersion: task.schema_version,
    ...by,
    reason: r.reason,
    requestId: r.id,
  };
  if (r.kind === 'undo_publish') {
    await applyGradeEvent(tx, { ...common, action: 'unpublish' });
    await notify.learnerUnderReview(tx, before, task.title);
    return;
  }
  const outcome = r.to_outcome ?? before.outcome;
  const { after } = await applyGradeEvent(tx, {
    ...common,
    action: 'change',
    values: {
      submissionId: before.submissionId,
      outcome,
      points: outcome === 'graded' ? num(r.to_points) : null,
      comment: r.to_comment ?? before.comment,
      // Rubric levels no longer add up to changed points: the change is in points.
      rubricScores: num(r.to_points) === before.points ? before.rubricScores : null,
    },
  });
  await notifyGradeComment(tx, after, { title: task.title, kind: task.kind });
  // After the finish the course result is a fact of its own: it moves only here, with the same
  // request id (decision 0021 §1.3). Before it, results follow the grade book by themselves.
  if (task.status !== 'finished') return;
  const result = await findResult(tx, r.course_id, r.student_id, true);
  if (!result?.is_final || result.source !== 'computed') return;
  const scaleMax = num(task.scale_max);
  const totals = await findProgressTotals(tx, r.student_id, r.course_id);
  const denominators = await courseDenominators(tx, [r.course_id]);
  const score = courseResult(
    denominators.get(r.course_id),
    { points: Number(totals?.points ?? 0), weighted: Number(totals?.weighted ?? 0) },
    scaleMax,
  );
  if (score === null || scaleMax === null) return;
  await applyResultEvents(tx, {
    action: 'change',
    entries: [{ enrolmentId: result.enrolment_id, courseId: r.course_id, score }],
    schema: { id: task.grading_schema_id, version: task.schema_version, scaleMax },
    ...by,
    reason: r.reason,
    requestId: r.id,
  });
}

async function applyResult(tx: Db, r: repo.RequestRow, result: ResultRef, by: By): Promise<void> {
  if (!result.is_final) throw new AppError(409, 'CONFLICT', NOT_FINAL);
  await applyResultEvents(tx, {
    action: 'change',
    entries: [{ enrolmentId: result.enrolment_id, courseId: r.course_id, score: num(r.to_points) }],
    schema: {
      id: result.grading_schema_id,
      version: result.schema_version,
      scaleMax: Number(result.scale_max ?? 0),
    },
    ...by,
    reason: r.reason,
    requestId: r.id,
  });
}

/** POST …/grade-request/:id/decline: closes it with the note; the grade stays. */
export async function declineRequest(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { version: number; note: string },
): Promise<GradeRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await loadForDecision(tx, auth, id, input.version, 'decider');
    await markDeclined(tx, r.id, auth.user.jwlId, input.note);
    await notify.onDecision(tx, r, 'declined', input.note);
  });
  return getRequest(deps, auth, id);
}

/** POST …/grade-request/:id/withdraw: the requester takes it back while open. */
export async function withdrawRequest(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { version: number },
): Promise<GradeRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await loadForDecision(tx, auth, id, input.version, 'requester');
    await markWithdrawn(tx, r.id, auth.user.jwlId);
    await notify.onWithdraw(tx, r);
  });
  return getRequest(deps, auth, id);
}
