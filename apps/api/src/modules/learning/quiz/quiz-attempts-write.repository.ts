import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { LayoutSlot } from '@lantern/db/schema/quiz';
import type { FinishedBy, QuizResponse } from '@lantern/contracts/quiz';
import { jsonParam, rows } from '../../../lib/sql';
import type { AttemptRow } from './quiz-attempts.repository';

/** The writes of a quiz attempt: its start, its saves and its finish. */

const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** Inserts a drawn attempt; undefined when a unique key said another exists. */
export async function insertQuizAttempt(
  db: Db,
  a: {
    clientId: string;
    itemId: number;
    sessionId: number;
    studentId: number;
    courseId: number;
    layout: LayoutSlot[];
    /** The time limit in seconds, and the learner's close. */
    limit: number | null;
    closes: string | null;
    itemVersion: number;
    /** A device's start of an attempt made offline; null: started now. */
    offlineStartedAt: Date | null;
  },
): Promise<AttemptRow | undefined> {
  const { clientId, studentId, limit, closes } = a;
  const offline = a.offlineStartedAt;
  const started = offline ? sql`${offline.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await rows<AttemptRow>(
    db,
    sql`insert into quiz_attempts (client_id, item_id, session_id, student_id, course_id, attempt, layout,
          started_at, deadline_at, item_version, client_started_at)
        values (${clientId}::uuid, ${a.itemId}, ${a.sessionId}, ${studentId}, ${a.courseId},
          (select coalesce(max(attempt), 0) + 1 from quiz_attempts where item_id = ${a.itemId} and student_id = ${studentId}),
          ${jsonParam(a.layout)}::jsonb, now(),
          case when ${limit}::int is null and ${closes}::timestamptz is null then null
            else least(${started} + make_interval(secs => ${limit}::int), ${closes}::timestamptz) end,
          ${a.itemVersion}, ${offline ? offline.toISOString() : null}::timestamptz)
        on conflict do nothing returning *`,
  );
  return row;
}

/** A response as saved: checked against its slot's question, an essay's file apart. */
export type SavedResponse = {
  slot: number;
  response: QuizResponse | null;
  fileId: string | null;
  flagged: boolean;
};

/** The upsert of a save: a slot saved with a higher sequence than it holds, nothing else. */
function saveStatement(
  attemptId: number,
  seq: number,
  responses: SavedResponse[],
  guardedBy: 'att' | null = null,
) {
  // Guarded: only rows of the CTE `att` (the attempt that passed its checks) are written.
  const from = guardedBy === null ? sql`` : sql`att,`;
  return sql`insert into quiz_responses (attempt_id, slot, response, file_id, saved_seq, saved_at, flagged)
    select ${attemptId}, r.slot, r.response, r.file_id, ${seq}, now(), r.flagged
    from ${from} jsonb_to_recordset(${jsonParam(
      responses.map((r) => ({
        slot: r.slot,
        response: r.response,
        file_id: r.fileId,
        flagged: r.flagged,
      })),
    )}::jsonb) as r(slot smallint, response jsonb, file_id uuid, flagged boolean)
    on conflict (attempt_id, slot) do update set response = excluded.response, file_id = excluded.file_id,
      saved_seq = excluded.saved_seq, saved_at = excluded.saved_at, flagged = excluded.flagged
    where quiz_responses.saved_seq < excluded.saved_seq`;
}

export async function saveResponses(
  tx: Db,
  attemptId: number,
  seq: number,
  responses: SavedResponse[],
): Promise<void> {
  await tx.execute(saveStatement(attemptId, seq, responses));
}

/**
 * An autosave in one statement: guarded by owner, in progress and the deadline with its grace;
 * undefined when the guard refused.
 */
export async function autosaveAttempt(
  db: Db,
  attemptId: number,
  studentId: number,
  input: { seq: number; page: number; graceSeconds: number },
  responses: SavedResponse[],
): Promise<
  { last_seq: number; deadline_at: Date | string | null; now: Date | string } | undefined
> {
  const { page } = input;
  const [row] = await rows<{
    last_seq: number;
    deadline_at: Date | string | null;
    now: Date | string;
  }>(
    db,
    sql`with att as (
          update quiz_attempts set last_seq = greatest(last_seq, ${input.seq}),
            current_page = ${page}, updated_at = now()
          where id = ${attemptId} and student_id = ${studentId} and status = 'in_progress'
            and (deadline_at is null or now() <= deadline_at + make_interval(secs => ${input.graceSeconds}))
          returning id, last_seq, deadline_at),
        saved as (${responses.length === 0 ? sql`select 1` : saveStatement(attemptId, input.seq, responses, 'att')})
        select att.last_seq, att.deadline_at, now() as now from att`,
  );
  return row;
}

/** The attempt locked for the learner's finish, with whether its deadline and grace hold. */
export async function lockAttemptToFinish(
  tx: Db,
  attemptId: number,
  graceSeconds: number,
): Promise<(AttemptRow & { late_ok: boolean }) | undefined> {
  const [locked] = await rows<AttemptRow & { late_ok: boolean }>(
    tx,
    sql`select *, (deadline_at is null or now() <= deadline_at + make_interval(secs => ${graceSeconds})) as late_ok
          from quiz_attempts where id = ${attemptId} for update`,
  );
  return locked;
}

export type AttemptWithDue = AttemptRow & { due_at: Date | string | null };

/** The attempt locked for finishing, with its learner's due date (their class's, else the item's). */
export async function lockAttemptWithDue(
  tx: Db,
  attemptId: number,
): Promise<AttemptWithDue | undefined> {
  const [a] = await rows<AttemptWithDue>(
    tx,
    sql`select a.*, coalesce(d.due_at, i.due_at) as due_at
        from quiz_attempts a join learning_items i on i.id = a.item_id
        left join quiz_sessions s on s.id = a.session_id
        left join item_class_dates d on d.item_id = a.item_id and d.class_id = (
          select cl.class_id from course_learners cl where cl.course_id = a.course_id and cl.student_id = a.student_id
          order by cl.may_submit desc limit 1)
        where a.id = ${attemptId} for update of a`,
  );
  return a;
}

export async function setAutoFractions(
  tx: Db,
  attemptId: number,
  fractions: { slot: number; fraction: number | null }[],
): Promise<void> {
  await tx.execute(
    sql`update quiz_responses r set auto_fraction = f.fraction
          from jsonb_to_recordset(${jsonParam(fractions)}::jsonb) as f(slot smallint, fraction numeric)
          where r.attempt_id = ${attemptId} and r.slot = f.slot`,
  );
}

/** The attempt's hand-in as the learner's latest submission, late by its due date. */
export async function insertAttemptSubmission(
  tx: Db,
  a: AttemptWithDue,
  at: Date | null,
): Promise<{ id: string | number; at: Date | string } | undefined> {
  const [sub] = await rows<{ id: string | number; at: Date | string }>(
    tx,
    sql`with old as (
          update submissions set is_latest = false
          where item_id = ${a.item_id} and student_id = ${a.student_id} and is_latest returning id)
        insert into submissions (item_id, student_id, course_id, attempt, status, is_latest, text, item_version,
          late, submitted_at, client_saved_at)
        select ${a.item_id}, ${a.student_id}, ${a.course_id}, ${a.attempt}, 'submitted', true, null, ${a.item_version},
          ${a.due_at === null ? sql`false` : sql`coalesce(${at?.toISOString() ?? null}::timestamptz, now()) > ${iso(a.due_at)}::timestamptz`},
          coalesce(${at?.toISOString() ?? null}::timestamptz, now()), ${at?.toISOString() ?? null}::timestamptz
        from (select count(*) from old) o
        returning id, submitted_at as at`,
  );
  return sub;
}

export async function markAttemptFinished(
  tx: Db,
  attemptId: number,
  f: {
    by: FinishedBy;
    at: Date | null;
    autoPoints: number;
    needsManual: boolean;
    submissionId: number;
  },
): Promise<void> {
  const { by, at, autoPoints, needsManual } = f;
  await tx.execute(
    sql`update quiz_attempts set status = 'finished', finished_by = ${by},
          finished_at = coalesce(${at?.toISOString() ?? null}::timestamptz, now()),
          client_finished_at = ${at?.toISOString() ?? null}::timestamptz,
          auto_points = ${autoPoints}, manual_points = ${needsManual ? null : 0},
          total_points = ${needsManual ? null : autoPoints}, needs_manual = ${needsManual},
          submission_id = ${f.submissionId}, version = version + 1, updated_at = now()
        where id = ${attemptId}`,
  );
}
