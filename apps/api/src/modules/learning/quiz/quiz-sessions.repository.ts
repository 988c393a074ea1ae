import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { OverrideInput } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import { classInScope, classScope } from '../../../lib/class-scope';
import { authoringReach, courseReach, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';

/** The statements of quiz sessions and their overrides. */

export type SessionRow = {
  id: number;
  item_id: number;
  class_id: number | null;
  class_name: string | null;
  opens_at: Date | string | null;
  closes_at: Date | string | null;
  time_limit_seconds: number | null;
  attempts_allowed: number | null;
  grading_method: 'highest' | 'last' | 'average';
  review: {
    marks: 'never' | 'immediately' | 'after_close';
    answers: 'never' | 'immediately' | 'after_close';
  };
  allowed_offline: boolean;
  released_at: Date | string | null;
  version: number;
  updated_at: Date | string;
  in_progress: number;
  finished: number;
};

/** A session's values as stored (`review` as JSON text). */
export type SessionValues = {
  opensAt: string | null;
  closesAt: string | null;
  timeLimitSeconds: number | null;
  attemptsAllowed: number | null;
  gradingMethod: string;
  review: string;
  allowedOffline: boolean;
};

/** Inserts a quiz's item-wide session. */
export async function insertItemSession(
  tx: Db,
  itemId: number,
  v: SessionValues,
  updatedBy: number,
): Promise<void> {
  await tx.execute(
    sql`insert into quiz_sessions (item_id, class_id, opens_at, closes_at, time_limit_seconds,
          attempts_allowed, grading_method, review, allowed_offline, updated_by)
        values (${itemId}, null, ${v.opensAt}, ${v.closesAt}, ${v.timeLimitSeconds}, ${v.attemptsAllowed},
          ${v.gradingMethod}, ${v.review}::jsonb, ${v.allowedOffline}, ${updatedBy})`,
  );
}

const SESSION_SELECT = sql`select s.*, k.name as class_name,
    (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'in_progress') as in_progress,
    (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'finished') as finished
  from quiz_sessions s left join classes k on k.id = s.class_id`;

export type OverrideRow = {
  session_id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  extra_seconds: number;
  extra_attempts: number;
  closes_at: Date | string | null;
  reason: string;
  version: number;
  updated_at: Date | string;
};

export async function findOverrides(db: Db, sessionIds: number[]): Promise<OverrideRow[]> {
  return rows<OverrideRow>(
    db,
    sql`select o.*, u.first_name, u.last_name from quiz_overrides o join users u on u.jwl_id = o.student_id
        where o.session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by u.last_name, u.first_name`,
  );
}

export type QuizItem = {
  id: number;
  title: string;
  course_id: number;
  unit_id: number;
  max_points: string | number;
  programme_id: number;
  may_author: boolean;
};

/** A quiz item in the caller's course reach, with whether they may author it. */
export async function findQuizInReach(
  db: Db,
  auth: AuthContext,
  itemId: number,
): Promise<QuizItem | undefined> {
  const [item] = await rows<QuizItem>(
    db,
    sql`select i.id, i.title, i.course_id, i.unit_id, i.max_points, c.programme_id,
          ${authoringReach(sql`c.programme_id`, auth)} as may_author
        from learning_items i join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        where i.id = ${itemId} and i.kind = 'quiz' and i.deleted_at is null
          and ${courseReach(sql`c.id`, sql`c.programme_id`, auth)}`,
  );
  return item;
}

/** The classes of the programme in the caller's class scope. */
export async function findClassesInScope(
  db: Db,
  auth: AuthContext,
  programmeId: number,
): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    db,
    sql`select k.id, k.name from classes k
        where k.programme_id = ${programmeId} and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}
        order by k.name`,
  );
}

/** The sessions of a quiz, the item-wide one first. */
export async function findItemSessions(db: Db, itemId: number): Promise<SessionRow[]> {
  return rows<SessionRow>(
    db,
    sql`${SESSION_SELECT} where s.item_id = ${itemId} order by s.class_id nulls first, k.name`,
  );
}

export async function findSession(db: Db, sessionId: number): Promise<SessionRow[]> {
  return rows<SessionRow>(db, sql`${SESSION_SELECT} where s.id = ${sessionId}`);
}

/** A class's own session; undefined when the class has one already (or is not the programme's). */
export async function insertClassSession(
  tx: Db,
  s: { itemId: number; classId: number | null; programmeId: number; updatedBy: number },
  v: SessionValues,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into quiz_sessions (item_id, class_id, opens_at, closes_at, time_limit_seconds,
            attempts_allowed, grading_method, review, allowed_offline, updated_by)
          select ${s.itemId}, k.id, ${v.opensAt}, ${v.closesAt}, ${v.timeLimitSeconds}, ${v.attemptsAllowed},
            ${v.gradingMethod}, ${v.review}::jsonb, ${v.allowedOffline}, ${s.updatedBy}
          from classes k where k.id = ${s.classId} and k.programme_id = ${s.programmeId}
          on conflict do nothing returning id`,
  );
  return row;
}

/** Edits a session at the version read; undefined when the version moved. */
export async function updateSessionRow(
  tx: Db,
  sessionId: number,
  version: number,
  v: SessionValues,
  updatedBy: number,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update quiz_sessions set opens_at = ${v.opensAt}, closes_at = ${v.closesAt},
            time_limit_seconds = ${v.timeLimitSeconds}, attempts_allowed = ${v.attemptsAllowed},
            grading_method = ${v.gradingMethod}, review = ${v.review}::jsonb, allowed_offline = ${v.allowedOffline},
            released_at = case when ${v.closesAt}::timestamptz is null or ${v.closesAt}::timestamptz > now() then null else released_at end,
            version = version + 1, updated_by = ${updatedBy}, updated_at = now()
          where id = ${sessionId} and version = ${version} returning id`,
  );
  return row;
}

/**
 * Attempts in progress never run past their learner's close: an earlier close (or "close now")
 * brings their deadlines forward, and the overdue sweep finishes them.
 */
export async function capDeadlines(tx: Db, sessionId: number): Promise<void> {
  await tx.execute(
    sql`update quiz_attempts a set deadline_at = least(a.deadline_at, coalesce(o.closes_at, s.closes_at)),
          version = a.version + 1, updated_at = now()
        from quiz_sessions s left join quiz_overrides o on o.session_id = s.id
        where s.id = ${sessionId} and a.session_id = s.id and a.status = 'in_progress'
          and (o.student_id is null or o.student_id = a.student_id)
          and coalesce(o.closes_at, s.closes_at) is not null
          and (a.deadline_at is null or a.deadline_at > coalesce(o.closes_at, s.closes_at))`,
  );
}

/** Opens or closes a session now, at the version read; undefined when the version moved. */
export async function openOrCloseRow(
  tx: Db,
  sessionId: number,
  action: 'open' | 'close',
  version: number,
  updatedBy: number,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    action === 'open'
      ? sql`update quiz_sessions set opens_at = now(),
                closes_at = case when closes_at <= now() then null else closes_at end, released_at = null,
                version = version + 1, updated_by = ${updatedBy}, updated_at = now()
              where id = ${sessionId} and version = ${version} returning id`
      : sql`update quiz_sessions set closes_at = now(),
                opens_at = case when opens_at >= now() then now() - interval '1 second' else opens_at end,
                version = version + 1, updated_by = ${updatedBy}, updated_at = now()
              where id = ${sessionId} and version = ${version} returning id`,
  );
  return row;
}

/** A learner of the session (its class, or any for the item-wide one) in the caller's reach. */
export async function findLearnerOfSession(
  db: Db,
  auth: AuthContext,
  classId: number | null,
  courseId: number,
  studentId: number,
): Promise<{ student_id: number } | undefined> {
  const [row] = await rows<{ student_id: number }>(
    db,
    sql`select cl.student_id from course_learners cl
        where cl.course_id = ${courseId} and cl.student_id = ${studentId}
          and (${classId}::int is null or cl.class_id = ${classId})
          and ${learnerReach('cl', auth)} limit 1`,
  );
  return row;
}

/**
 * Saves a learner's override: a new one without `input.version`, else an edit at that version;
 * undefined when one exists already or the version moved.
 */
export async function saveOverride(
  tx: Db,
  sessionId: number,
  studentId: number,
  input: OverrideInput,
  updatedBy: number,
): Promise<{ version: number } | undefined> {
  const values = sql`${input.extraMinutes ?? 0} * 60, ${input.extraAttempts ?? 0}, ${input.closesAt ?? null}::timestamptz, ${input.reason}, ${updatedBy}`;
  const [row] = await rows<{ version: number }>(
    tx,
    input.version === undefined
      ? sql`insert into quiz_overrides (session_id, student_id, extra_seconds, extra_attempts, closes_at, reason, updated_by)
              values (${sessionId}, ${studentId}, ${values}) on conflict do nothing returning version`
      : sql`update quiz_overrides set extra_seconds = ${input.extraMinutes ?? 0} * 60,
                extra_attempts = ${input.extraAttempts ?? 0}, closes_at = ${input.closesAt ?? null}::timestamptz,
                reason = ${input.reason}, updated_by = ${updatedBy}, updated_at = now(), version = version + 1
              where session_id = ${sessionId} and student_id = ${studentId} and version = ${input.version}
              returning version`,
  );
  return row;
}

/** The learner's attempt in progress gets the override's extra time (or later close) at once. */
export async function applyOverrideDeadline(
  tx: Db,
  sessionId: number,
  studentId: number,
): Promise<void> {
  await tx.execute(
    sql`update quiz_attempts a set deadline_at = (
            select case
              when s.time_limit_seconds is null and coalesce(o.closes_at, s.closes_at) is null then null
              else least(
                case when s.time_limit_seconds is null then null
                  else a.started_at + make_interval(secs => s.time_limit_seconds + o.extra_seconds) end,
                coalesce(o.closes_at, s.closes_at)) end
            from quiz_sessions s join quiz_overrides o on o.session_id = s.id and o.student_id = a.student_id
            where s.id = a.session_id),
            version = a.version + 1, updated_at = now()
          where a.session_id = ${sessionId} and a.student_id = ${studentId} and a.status = 'in_progress'`,
  );
}

export async function deleteOverrideRow(
  tx: Db,
  sessionId: number,
  studentId: number,
): Promise<{ student_id: number } | undefined> {
  const [row] = await rows<{ student_id: number }>(
    tx,
    sql`delete from quiz_overrides where session_id = ${sessionId} and student_id = ${studentId} returning student_id`,
  );
  return row;
}

/** The learner's attempt in progress goes back to the session's own deadline. */
export async function resetDeadline(tx: Db, sessionId: number, studentId: number): Promise<void> {
  await tx.execute(
    sql`update quiz_attempts a set deadline_at = (
            select case
              when s.time_limit_seconds is null and s.closes_at is null then null
              else least(
                case when s.time_limit_seconds is null then null
                  else a.started_at + make_interval(secs => s.time_limit_seconds) end,
                s.closes_at) end
            from quiz_sessions s where s.id = a.session_id),
            version = a.version + 1, updated_at = now()
          where a.session_id = ${sessionId} and a.student_id = ${studentId} and a.status = 'in_progress'`,
  );
}
