import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { LayoutSlot } from '@lantern/db/schema/quiz';
import type { FinishedBy, QuizResponse } from '@lantern/contracts/quiz';
import { rows } from '../../../lib/sql';

/** Reads of quiz attempts and their responses as stored. */

export type AttemptRow = {
  id: string | number;
  client_id: string;
  item_id: number;
  session_id: number;
  student_id: number;
  course_id: number;
  attempt: number;
  status: 'in_progress' | 'finished';
  finished_by: FinishedBy | null;
  layout: LayoutSlot[];
  started_at: Date | string;
  deadline_at: Date | string | null;
  finished_at: Date | string | null;
  last_seq: number;
  current_page: number;
  auto_points: string | number | null;
  manual_points: string | number | null;
  total_points: string | number | null;
  needs_manual: boolean;
  submission_id: string | number | null;
  item_version: number;
};

export async function findAttempt(db: Db, attemptId: number): Promise<AttemptRow | null> {
  const [a] = await rows<AttemptRow>(db, sql`select * from quiz_attempts where id = ${attemptId}`);
  return a ?? null;
}

export type ResponseRow = {
  slot: number;
  response: QuizResponse | null;
  file_id: string | null;
  saved_at: Date | string;
  auto_fraction: string | number | null;
  manual_points: string | number | null;
  comment: string | null;
  graded_at: Date | string | null;
  flagged: boolean;
};

export async function findResponses(db: Db, attemptId: number): Promise<ResponseRow[]> {
  return rows<ResponseRow>(
    db,
    sql`select slot, response, file_id::text, saved_at, auto_fraction, manual_points, comment, graded_at, flagged
        from quiz_responses where attempt_id = ${attemptId}`,
  );
}

/** A learner's finished attempts at a quiz, in order. */
export async function findFinishedAttempts(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${studentId}
        and status = 'finished' order by attempt`,
  );
}

/** A learner's finished attempts at a quiz, in no set order (for the grading method). */
export async function findFinishedAttemptsAnyOrder(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${studentId}
        and status = 'finished'`,
  );
}

/** All of a learner's attempts at a quiz, in order. */
export async function findAttemptsOf(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${studentId} order by attempt`,
  );
}

export async function findOpenAttempt(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRow | undefined> {
  const [open] = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${studentId}
        and status = 'in_progress'`,
  );
  return open;
}

export async function findAttemptByClientId(
  db: Db,
  clientId: string,
): Promise<AttemptRow | undefined> {
  const [again] = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where client_id = ${clientId}::uuid`,
  );
  return again;
}

/** The attempt with its quiz's navigation setting, in one read. */
export async function findAttemptToSave(
  db: Db,
  attemptId: number,
): Promise<(AttemptRow & { navigation: string | null }) | undefined> {
  const [a] = await rows<AttemptRow & { navigation: string | null }>(
    db,
    sql`select a.*, i.settings->>'navigation' as navigation
        from quiz_attempts a join learning_items i on i.id = a.item_id where a.id = ${attemptId}`,
  );
  return a;
}

/** Which of the files are the learner's own. */
export async function findOwnedFiles(
  db: Db,
  files: readonly string[],
  studentId: number,
): Promise<{ id: string }[]> {
  return rows<{ id: string }>(
    db,
    sql`select id::text from files where id = any(${sql`${`{${files.join(',')}}`}::uuid[]`}) and owner_id = ${studentId}`,
  );
}

/** When the attempt's last answer was saved (null: none). */
export async function findLastSavedAt(
  db: Db,
  attemptId: number,
): Promise<{ at: Date | string | null } | undefined> {
  const [last] = await rows<{ at: Date | string | null }>(
    db,
    sql`select max(saved_at) as at from quiz_responses where attempt_id = ${attemptId}`,
  );
  return last;
}

/**
 * Attempts past their deadline and its grace, oldest deadline first: `close` when the deadline
 * was the learner's close, else `timeout`.
 */
export async function findOverdueAttempts(
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<{ id: string | number; by: FinishedBy }[]> {
  return rows<{ id: string | number; by: FinishedBy }>(
    db,
    sql`select a.id, case when coalesce(o.closes_at, s.closes_at) is not null
                and a.deadline_at >= coalesce(o.closes_at, s.closes_at) then 'close' else 'timeout' end as by
        from quiz_attempts a join quiz_sessions s on s.id = a.session_id
        left join quiz_overrides o on o.session_id = s.id and o.student_id = a.student_id
        where a.status = 'in_progress' and a.deadline_at < now() - make_interval(secs => ${graceSeconds})
        order by a.deadline_at limit ${limit}`,
  );
}

/** The attempt when it is in progress and 30 seconds past its deadline. */
export async function findLateAttempt(
  db: Db,
  attemptId: number,
): Promise<{ id: string | number } | undefined> {
  const [late] = await rows<{ id: string | number }>(
    db,
    sql`select id from quiz_attempts where id = ${attemptId} and status = 'in_progress'
        and deadline_at < now() - interval '30 seconds'`,
  );
  return late;
}

export async function findAttemptIdOfSubmission(
  db: Db,
  submissionId: number,
): Promise<{ id: string | number } | undefined> {
  const [a] = await rows<{ id: string | number }>(
    db,
    sql`select id from quiz_attempts where submission_id = ${submissionId}`,
  );
  return a;
}
