import { sql } from 'drizzle-orm';
import type {
  AffectedCertificate,
  GradeRequestDetail,
  GradeRequestPage,
  GradeRequestQuery,
  gradeRequestInputSchema,
} from '@lantern/contracts/grade-requests';
import { rightLabel } from '@lantern/contracts/labels';
import type { GradeOutcome, ItemKind } from '@lantern/contracts/learning-enums';
import type { z } from 'zod';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { assertSecondPerson } from '../../../lib/second-person';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { programmeInReach } from '../../../lib/programme-reach';
import { clcScope } from '../../../lib/scope';
import { rows } from '../../../lib/sql';
import { applyGradeEvent, findGrade, type GradeRow } from '../teaching/public';
import { historyEntry, type HistoryRow } from '../teaching/public';
import { courseDenominators, courseResult } from '../teaching/public';
import { applyResultEvents } from '../teaching/public';
import { assertMayGrade } from '../teaching/public';
import { notifyGradeComment, when } from '../teaching/public';
import * as repo from './requests.repository';
import * as notify from './requests.notify';

// Undo-publish and grade-change requests (spec §1, decision 0021 §2): a grader asks, another
// person decides; an approval applies the request through the grade ledger (its events carry the
// request's id) in one transaction with the request's state, the course totals and the
// notifications. Every refusal of §2.4 is a 409 with its sentence.

type Input = z.output<typeof gradeRequestInputSchema>;

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const pts = (p: number | null) => (p === null ? 'nothing' : String(p));

/** "3 Mar 14:02" (UTC), as the decided sentence says it whatever the day. */
function dayTime(v: Date | string): string {
  const d = new Date(v);
  const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  return `${String(d.getUTCDate())} ${month} ${d.toISOString().slice(11, 16)}`;
}

const OWN_SENTENCE = 'You asked for this change; another person decides it.';
const NOT_PUBLISHED = 'This grade is not published: change it on the grade page.';
const NOT_FINAL = 'This result is not final yet: change it on the finish page.';

/** A task as grading sees it: what applyGradeEvent needs, and whom its grade belongs to. */
type TaskGrade = {
  item_id: number;
  title: string;
  kind: ItemKind;
  delivery: 'online' | 'onsite' | null;
  max_points: string | number | null;
  weight: string | number | null;
  item_version: number;
  course_id: number;
  grading_schema_id: number | null;
  schema_version: number | null;
  in_grading_scope: boolean;
};

async function loadTask(
  db: Db,
  auth: AuthContext,
  itemId: number,
  studentId: number,
  courseId: number,
): Promise<TaskGrade | null> {
  const [row] = await rows<TaskGrade>(
    db,
    sql`select i.id as item_id, i.title, i.kind, i.delivery, i.max_points, i.weight,
          i.version as item_version, i.course_id, p.grading_schema_id,
          gs.version as schema_version, ${gradingScope('cl', auth)} as in_grading_scope
        from learning_items i
        join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        join course_learners cl on cl.course_id = i.course_id and cl.student_id = ${studentId}
        where i.id = ${itemId} and i.course_id = ${courseId} and i.deleted_at is null
          and i.max_points is not null and ${learnerReach('cl', auth)}
        limit 1`,
  );
  return row ?? null;
}

/** A course result with its programme's schema (the scale) and the student's enrolment. */
type ResultRef = {
  enrolment_id: number;
  programme_id: number;
  score: string | number | null;
  is_final: boolean | null;
  version: number | null;
  source: 'entered' | 'computed' | null;
  grading_schema_id: number | null;
  schema_version: number | null;
  scale_max: string | number | null;
};

async function loadResult(
  db: Db,
  courseId: number,
  studentId: number,
  lock = false,
): Promise<ResultRef | null> {
  if (lock)
    await db.execute(
      sql`select 1 from course_results r join enrolments e on e.id = r.enrolment_id
          join programme_courses c on c.programme_id = e.programme_id and c.id = r.course_id
          where r.course_id = ${courseId} and e.user_id = ${studentId} for update of r`,
    );
  const [row] = await rows<ResultRef>(
    db,
    sql`select e.id as enrolment_id, p.id as programme_id, r.score, r.is_final, r.version,
          r.source, p.grading_schema_id, gs.version as schema_version, gs.scale_max
        from programme_courses c
        join programmes p on p.id = c.programme_id
        join enrolments e on e.programme_id = p.id and e.user_id = ${studentId}
        left join grading_schemas gs on gs.id = p.grading_schema_id
        left join course_results r on r.enrolment_id = e.id and r.course_id = c.id
        where c.id = ${courseId}
        order by (r.enrolment_id is null), e.id desc limit 1`,
  );
  return row ?? null;
}

/** That the caller reaches the learner in the course (404 "The grade" otherwise). */
async function assertLearnerInReach(
  db: Db,
  auth: AuthContext,
  courseId: number,
  studentId: number,
) {
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`select true as ok from course_learners cl
        where cl.course_id = ${courseId} and cl.student_id = ${studentId}
          and ${learnerReach('cl', auth)} limit 1`,
  );
  if (!row) throw notFound('The grade');
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
      const task = await loadTask(tx, auth, itemId, input.studentId, input.courseId);
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
      const result = await loadResult(tx, input.courseId, input.studentId, true);
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
    const [made] = await rows<{ id: number }>(
      tx,
      sql`insert into grade_requests (kind, subject, item_id, course_id, student_id, enrolment_id,
            grade_version, from_points, from_outcome, max_points, to_points, to_outcome,
            to_comment, reason, requested_by)
          values (${input.kind}, ${input.subject}, ${row.itemId}, ${input.courseId},
            ${input.studentId}, ${row.enrolmentId}, ${row.version}, ${row.fromPoints},
            ${row.fromOutcome}, ${row.maxPoints}, ${row.toPoints}, ${row.toOutcome},
            ${row.toComment}, ${input.reason}, ${auth.user.jwlId})
          on conflict do nothing
          returning id`,
    );
    // A concurrent request took the grade between our check and our insert.
    if (!made) {
      const other = await repo.openRequestFor(tx, {
        courseId: input.courseId,
        studentId: input.studentId,
        itemId: row.itemId,
      });
      throw refuseOpen(other ?? 0);
    }
    const created = await repo.findRequest(tx, auth, made.id);
    if (created) await notify.onCreate(tx, created);
    return made.id;
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
async function currentOf(
  db: Db,
  r: repo.RequestRow,
  lock = false,
): Promise<{ grade: GradeRow | null; result: ResultRef | null; version: number | null }> {
  if (r.item_id !== null) {
    const grade = await findGrade(db, r.item_id, r.student_id, lock);
    return { grade, result: null, version: grade?.version ?? null };
  }
  const result = await loadResult(db, r.course_id, r.student_id, lock);
  return {
    grade: null,
    result,
    version: result?.score === null || !result ? null : result.version,
  };
}

/** Certificates of the learner's enrolment in the course's programme (grade changes only). */
async function certificatesOf(db: Db, r: repo.RequestRow): Promise<AffectedCertificate[]> {
  if (r.kind !== 'grade_change') return [];
  const found = await rows<{
    id: string;
    code: string;
    issued_on: string | Date;
    revoked_at: string | Date | null;
  }>(
    db,
    sql`select ct.id, ct.code, ct.issued_on, ct.revoked_at from certificates ct
        join enrolments e on e.id = ct.enrolment_id
        where e.programme_id = ${r.programme_id} and e.user_id = ${r.student_id}
        order by ct.created_at, ct.id`,
  );
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
    rows<HistoryRow>(
      deps.db,
      sql`select e.id, e.subject, e.action, e.course_id, c.code as course_code,
            c.title as course_title, e.item_id, i.title as item_title, e.old_points, e.new_points,
            e.old_outcome, e.new_outcome, e.old_published, e.new_published, e.comment,
            e.max_points, e.grading_schema_id, e.grading_schema_version, e.item_version,
            e.grade_version, e.actor_id, a.first_name || ' ' || a.last_name as actor_name,
            e.impersonator_id, im.first_name || ' ' || im.last_name as impersonator_name,
            e.reason, e.request_id, e.at
          from grade_events e join programme_courses c on c.id = e.course_id
          left join learning_items i on i.id = e.item_id
          left join users a on a.jwl_id = e.actor_id
          left join users im on im.jwl_id = e.impersonator_id
          where e.student_id = ${r.student_id} and e.request_id = ${r.id}
          order by e.id`,
    ),
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
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`select ${programmeInReach(sql`${programmeId}::int`, clcScope(auth))} as ok`,
  );
  return row?.ok === true;
}

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
    const [event] = await rows<{ id: string | number }>(
      tx,
      sql`select id from grade_events where student_id = ${r.student_id} and request_id = ${r.id}
          order by id limit 1`,
    );
    await tx.execute(
      sql`update grade_requests set state = 'approved', decided_by = ${auth.user.jwlId},
            decided_at = now(), decision_note = ${input.note || null},
            applied_event_id = ${event ? Number(event.id) : null}, version = version + 1
          where id = ${r.id}`,
    );
    await notify.onDecision(tx, r, 'approved', input.note || null);
  });
  return getRequest(deps, auth, id);
}

type By = { actorId: number; impersonatorId: number | null };

/** A task's unpublish or change, and after the finish the course result it moves. */
async function applyTask(tx: Db, r: repo.RequestRow, before: GradeRow, by: By): Promise<void> {
  const itemId = r.item_id ?? 0;
  const [task] = await rows<
    TaskGrade & { programme_id: number; status: string; scale_max: string | number | null }
  >(
    tx,
    sql`select i.id as item_id, i.title, i.kind, i.delivery, i.max_points, i.weight,
          i.version as item_version, i.course_id, p.id as programme_id, p.status, p.grading_schema_id,
          gs.version as schema_version, gs.scale_max, false as in_grading_scope
        from learning_items i join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        where i.id = ${itemId}`,
  );
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
  const result = await loadResult(tx, r.course_id, r.student_id, true);
  if (!result?.is_final || result.source !== 'computed') return;
  const scaleMax = num(task.scale_max);
  const [totals] = await rows<{ points: string | number; weighted: string | number }>(
    tx,
    sql`select points_published as points, weighted_published as weighted from course_progress
        where student_id = ${r.student_id} and course_id = ${r.course_id}`,
  );
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
    await tx.execute(
      sql`update grade_requests set state = 'declined', decided_by = ${auth.user.jwlId},
            decided_at = now(), decision_note = ${input.note}, version = version + 1
          where id = ${r.id}`,
    );
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
    await tx.execute(
      sql`update grade_requests set state = 'withdrawn', decided_by = ${auth.user.jwlId},
            decided_at = now(), version = version + 1
          where id = ${r.id}`,
    );
    await notify.onWithdraw(tx, r);
  });
  return getRequest(deps, auth, id);
}
