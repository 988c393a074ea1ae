import { sql } from 'drizzle-orm';
import type { GradeOutcome, ItemKind } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { programmeInReach } from '../../../lib/programme-reach';
import { clcScope } from '../../../lib/scope';
import { rows } from '../../../lib/sql';
import type { HistoryRow } from '../teaching/public';

// What grade requests read and write besides the requests themselves (requests.repository.ts):
// the grade's task, the course result, the request's events and the learner's certificates.

/** A task as grading sees it: what applyGradeEvent needs, and whom its grade belongs to. */
export type TaskGrade = {
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

/** A graded task of the course whose learner the caller reaches, or null. */
export async function findTaskGrade(
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

/** The task an approval applies to, with its programme's state and scale. */
export async function findTaskToApply(db: Db, itemId: number) {
  const [task] = await rows<
    TaskGrade & { programme_id: number; status: string; scale_max: string | number | null }
  >(
    db,
    sql`select i.id as item_id, i.title, i.kind, i.delivery, i.max_points, i.weight,
          i.version as item_version, i.course_id, p.id as programme_id, p.status, p.grading_schema_id,
          gs.version as schema_version, gs.scale_max, false as in_grading_scope
        from learning_items i join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        where i.id = ${itemId}`,
  );
  return task;
}

/** A course result with its programme's schema (the scale) and the student's enrolment. */
export type ResultRef = {
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

/** The learner's result in the course (locked when `lock`), or null. */
export async function findResult(
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

/** Whether the caller reaches the learner in the course. */
export async function learnerInReach(
  db: Db,
  auth: AuthContext,
  courseId: number,
  studentId: number,
): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`select true as ok from course_learners cl
        where cl.course_id = ${courseId} and cl.student_id = ${studentId}
          and ${learnerReach('cl', auth)} limit 1`,
  );
  return row !== undefined;
}

/** The learner's published totals in the course. */
export async function findProgressTotals(db: Db, studentId: number, courseId: number) {
  const [totals] = await rows<{ points: string | number; weighted: string | number }>(
    db,
    sql`select points_published as points, weighted_published as weighted from course_progress
        where student_id = ${studentId} and course_id = ${courseId}`,
  );
  return totals;
}

/** The ledger events a request wrote, in order. */
export async function findRequestEvents(db: Db, studentId: number, requestId: number) {
  return rows<HistoryRow>(
    db,
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
        where e.student_id = ${studentId} and e.request_id = ${requestId}
        order by e.id`,
  );
}

/** The first ledger event a request wrote, if any. */
export async function findFirstRequestEvent(
  db: Db,
  studentId: number,
  requestId: number,
): Promise<number | null> {
  const [event] = await rows<{ id: string | number }>(
    db,
    sql`select id from grade_events where student_id = ${studentId} and request_id = ${requestId}
        order by id limit 1`,
  );
  return event ? Number(event.id) : null;
}

/** The certificates of the learner's enrolments in the programme, oldest first. */
export async function findCertificates(db: Db, programmeId: number, studentId: number) {
  return rows<{
    id: string;
    code: string;
    issued_on: string | Date;
    revoked_at: string | Date | null;
  }>(
    db,
    sql`select ct.id, ct.code, ct.issued_on, ct.revoked_at from certificates ct
        join enrolments e on e.id = ct.enrolment_id
        where e.programme_id = ${programmeId} and e.user_id = ${studentId}
        order by ct.created_at, ct.id`,
  );
}

/** Whether the programme is in the caller's CLC scope. */
export async function programmeInScope(
  db: Db,
  auth: AuthContext,
  programmeId: number,
): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`select ${programmeInReach(sql`${programmeId}::int`, clcScope(auth))} as ok`,
  );
  return row?.ok === true;
}

/** What a new request records. */
export type NewRequest = {
  kind: string;
  subject: string;
  itemId: number | null;
  courseId: number;
  studentId: number;
  enrolmentId: number | null;
  version: number;
  fromPoints: number | null;
  fromOutcome: GradeOutcome | null;
  maxPoints: number;
  toPoints: number | null;
  toOutcome: GradeOutcome | null;
  toComment: string | null;
  reason: string;
  requestedBy: number;
};

/** Inserts a request; null when another open one of the grade took it meanwhile. */
export async function insertRequest(tx: Db, n: NewRequest): Promise<number | null> {
  const [made] = await rows<{ id: number }>(
    tx,
    sql`insert into grade_requests (kind, subject, item_id, course_id, student_id, enrolment_id,
          grade_version, from_points, from_outcome, max_points, to_points, to_outcome,
          to_comment, reason, requested_by)
        values (${n.kind}, ${n.subject}, ${n.itemId}, ${n.courseId},
          ${n.studentId}, ${n.enrolmentId}, ${n.version}, ${n.fromPoints},
          ${n.fromOutcome}, ${n.maxPoints}, ${n.toPoints}, ${n.toOutcome},
          ${n.toComment}, ${n.reason}, ${n.requestedBy})
        on conflict do nothing
        returning id`,
  );
  return made ? made.id : null;
}

/** Closes a request as approved, with the first event it applied. */
export async function markApproved(
  tx: Db,
  id: number,
  by: number,
  note: string | null,
  eventId: number | null,
): Promise<void> {
  await tx.execute(
    sql`update grade_requests set state = 'approved', decided_by = ${by},
          decided_at = now(), decision_note = ${note},
          applied_event_id = ${eventId}, version = version + 1
        where id = ${id}`,
  );
}

/** Closes a request as declined, with the note. */
export async function markDeclined(tx: Db, id: number, by: number, note: string): Promise<void> {
  await tx.execute(
    sql`update grade_requests set state = 'declined', decided_by = ${by},
          decided_at = now(), decision_note = ${note}, version = version + 1
        where id = ${id}`,
  );
}

/** Closes a request as withdrawn by its requester. */
export async function markWithdrawn(tx: Db, id: number, by: number): Promise<void> {
  await tx.execute(
    sql`update grade_requests set state = 'withdrawn', decided_by = ${by},
          decided_at = now(), version = version + 1
        where id = ${id}`,
  );
}
