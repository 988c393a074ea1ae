import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type {
  OverrideInput,
  QuizSession,
  QuizSessionInput,
  QuizSessions,
  QuizSessionUpdate,
  SessionState,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { classInScope, classScope } from '../../../lib/class-scope';
import { authoringReach, courseReach, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';

// Quiz sessions (decision 0020 §3.3): the item-wide one made with the quiz, one per class
// added by QUIZ_SESSION__EDIT holders (it overrides the item-wide one for that class), opened
// and closed now, and per-learner overrides (extra time, extra attempts, a later close).

const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

export const GRACE_SECONDS = 30;

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

export function sessionState(
  opensAt: Date | string | null,
  closesAt: Date | string | null,
  now: Date,
): SessionState {
  if (opensAt !== null && new Date(opensAt) > now) return 'not_open';
  if (closesAt !== null && new Date(closesAt) <= now) return 'closed';
  return 'open';
}

const stale = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this session while you were editing. Reload to see their changes, then edit again.',
  );

const sessionValues = (input: Omit<QuizSessionInput, 'classId'>) => ({
  opensAt: input.opensAt,
  closesAt: input.closesAt,
  timeLimitSeconds: input.timeLimitMinutes === null ? null : input.timeLimitMinutes * 60,
  attemptsAllowed: input.attemptsAllowed,
  gradingMethod: input.gradingMethod,
  review: JSON.stringify(input.review),
  allowedOffline: input.allowedOffline,
});

/** Writes a quiz's item-wide session, in the item's create transaction (0020 §1.1). */
export async function writeItemSession(
  tx: Db,
  auth: AuthContext,
  itemId: number,
  input: QuizSessionInput,
): Promise<void> {
  const v = sessionValues(input);
  await tx.execute(
    sql`insert into quiz_sessions (item_id, class_id, opens_at, closes_at, time_limit_seconds,
          attempts_allowed, grading_method, review, allowed_offline, updated_by)
        values (${itemId}, null, ${v.opensAt}, ${v.closesAt}, ${v.timeLimitSeconds}, ${v.attemptsAllowed},
          ${v.gradingMethod}, ${v.review}::jsonb, ${v.allowedOffline}, ${auth.user.jwlId})`,
  );
}

const SESSION_SELECT = sql`select s.*, k.name as class_name,
    (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'in_progress') as in_progress,
    (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'finished') as finished
  from quiz_sessions s left join classes k on k.id = s.class_id`;

async function overridesOf(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return rows<{
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
  }>(
    db,
    sql`select o.*, u.first_name, u.last_name from quiz_overrides o join users u on u.jwl_id = o.student_id
        where o.session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by u.last_name, u.first_name`,
  );
}

export async function toSessions(db: Db, list: SessionRow[], now: Date): Promise<QuizSession[]> {
  const overrides = await overridesOf(
    db,
    list.map((s) => s.id),
  );
  return list.map((s) => ({
    id: s.id,
    itemId: s.item_id,
    classId: s.class_id,
    className: s.class_name,
    opensAt: iso(s.opens_at),
    closesAt: iso(s.closes_at),
    timeLimitMinutes: s.time_limit_seconds === null ? null : Math.round(s.time_limit_seconds / 60),
    attemptsAllowed: s.attempts_allowed,
    gradingMethod: s.grading_method,
    review: s.review,
    allowedOffline: s.allowed_offline,
    state: sessionState(s.opens_at, s.closes_at, now),
    releasedAt: iso(s.released_at),
    version: s.version,
    updatedAt: iso(s.updated_at) ?? '',
    attemptsInProgress: s.in_progress,
    attemptsFinished: s.finished,
    overrides: overrides
      .filter((o) => o.session_id === s.id)
      .map((o) => ({
        studentId: o.student_id,
        name: `${o.first_name} ${o.last_name}`,
        extraMinutes: Math.round(o.extra_seconds / 60),
        extraAttempts: o.extra_attempts,
        closesAt: iso(o.closes_at),
        reason: o.reason,
        version: o.version,
        updatedAt: iso(o.updated_at) ?? '',
      })),
  }));
}

type QuizItem = {
  id: number;
  title: string;
  course_id: number;
  unit_id: number;
  max_points: string | number;
  programme_id: number;
  may_author: boolean;
};

/** A quiz item in the caller's course reach, else 404. */
export async function quizInReach(db: Db, auth: AuthContext, itemId: number): Promise<QuizItem> {
  const [item] = await rows<QuizItem>(
    db,
    sql`select i.id, i.title, i.course_id, i.unit_id, i.max_points, c.programme_id,
          ${authoringReach(sql`c.programme_id`, auth)} as may_author
        from learning_items i join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        where i.id = ${itemId} and i.kind = 'quiz' and i.deleted_at is null
          and ${courseReach(sql`c.id`, sql`c.programme_id`, auth)}`,
  );
  if (!item) throw notFound('The quiz');
  return item;
}

/** The classes of the quiz's programme in the caller's class scope. */
async function classesInScope(db: Db, auth: AuthContext, programmeId: number) {
  return rows<{ id: number; name: string }>(
    db,
    sql`select k.id, k.name from classes k
        where k.programme_id = ${programmeId} and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}
        order by k.name`,
  );
}

export async function listSessions(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<QuizSessions> {
  const item = await quizInReach(deps.db, auth, itemId);
  const now = new Date();
  const list = await rows<SessionRow>(
    deps.db,
    sql`${SESSION_SELECT} where s.item_id = ${itemId} order by s.class_id nulls first, k.name`,
  );
  const classes = await classesInScope(deps.db, auth, item.programme_id);
  // Staff see the item-wide session and those of classes they reach.
  const reachable = new Set(classes.map((c) => c.id));
  const visible = list.filter(
    (s) => s.class_id === null || reachable.has(s.class_id) || item.may_author,
  );
  return {
    item: {
      id: item.id,
      title: item.title,
      courseId: item.course_id,
      unitId: item.unit_id,
      maxPoints: Number(item.max_points),
    },
    items: await toSessions(deps.db, visible, now),
    classesWithout: classes.filter((c) => !list.some((s) => s.class_id === c.id)),
    canEdit: auth.rights.has('QUIZ_SESSION__EDIT'),
    serverNow: now.toISOString(),
  };
}

/** A session the caller may edit: its class in class scope, or authoring reach for the item-wide one. */
async function sessionToEdit(db: Db, auth: AuthContext, sessionId: number) {
  const [s] = await rows<SessionRow & { programme_id: number }>(
    db,
    sql`${SESSION_SELECT} where s.id = ${sessionId}`,
  );
  if (!s) throw notFound('The quiz session');
  const item = await quizInReach(db, auth, s.item_id).catch(() => {
    throw notFound('The quiz session');
  });
  if (s.class_id === null) {
    if (!item.may_author) throw notFound('The quiz session');
  } else {
    const classes = await classesInScope(db, auth, item.programme_id);
    if (!classes.some((c) => c.id === s.class_id) && !item.may_author)
      throw notFound('The quiz session');
  }
  return { session: s, item };
}

async function readSession(db: Db, sessionId: number): Promise<QuizSession> {
  const list = await rows<SessionRow>(db, sql`${SESSION_SELECT} where s.id = ${sessionId}`);
  const [one] = await toSessions(db, list, new Date());
  if (!one) throw notFound('The quiz session');
  return one;
}

export async function createSession(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: QuizSessionInput,
): Promise<QuizSession> {
  const item = await quizInReach(deps.db, auth, itemId);
  if (input.classId === null)
    throw invalidFields({ classId: 'Choose a class: the quiz has its session for every class.' });
  const classes = await classesInScope(deps.db, auth, item.programme_id);
  if (!classes.some((c) => c.id === input.classId) && !item.may_author) throw notFound('The class');
  const v = sessionValues(input);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into quiz_sessions (item_id, class_id, opens_at, closes_at, time_limit_seconds,
            attempts_allowed, grading_method, review, allowed_offline, updated_by)
          select ${itemId}, k.id, ${v.opensAt}, ${v.closesAt}, ${v.timeLimitSeconds}, ${v.attemptsAllowed},
            ${v.gradingMethod}, ${v.review}::jsonb, ${v.allowedOffline}, ${auth.user.jwlId}
          from classes k where k.id = ${input.classId} and k.programme_id = ${item.programme_id}
          on conflict do nothing returning id`,
    );
    if (!row)
      throw new AppError(409, 'ALREADY_EXISTS', 'This class has its own session already: edit it.');
    await audit(tx, auth, {
      action: 'quiz_session.created',
      entityType: 'quiz_session',
      entityId: row.id,
      changes: { itemId, classId: input.classId },
    });
    return row.id;
  });
  return readSession(deps.db, id);
}

export async function updateSession(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
  input: QuizSessionUpdate,
): Promise<QuizSession> {
  await sessionToEdit(deps.db, auth, sessionId);
  const v = sessionValues({ ...input, allowedOffline: input.allowedOffline ?? false });
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update quiz_sessions set opens_at = ${v.opensAt}, closes_at = ${v.closesAt},
            time_limit_seconds = ${v.timeLimitSeconds}, attempts_allowed = ${v.attemptsAllowed},
            grading_method = ${v.gradingMethod}, review = ${v.review}::jsonb, allowed_offline = ${v.allowedOffline},
            released_at = case when ${v.closesAt}::timestamptz is null or ${v.closesAt}::timestamptz > now() then null else released_at end,
            version = version + 1, updated_by = ${auth.user.jwlId}, updated_at = now()
          where id = ${sessionId} and version = ${input.version} returning id`,
    );
    if (!row) throw stale();
    await capDeadlines(tx, sessionId);
    await audit(tx, auth, {
      action: 'quiz_session.updated',
      entityType: 'quiz_session',
      entityId: sessionId,
      changes: { ...input, version: undefined },
    });
  });
  return readSession(deps.db, sessionId);
}

/**
 * Attempts in progress never run past their learner's close: an earlier close (or "close now")
 * brings their deadlines forward, and the overdue sweep finishes them.
 */
async function capDeadlines(tx: Db, sessionId: number) {
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

export async function openOrClose(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
  action: 'open' | 'close',
  version: number,
): Promise<QuizSession> {
  await sessionToEdit(deps.db, auth, sessionId);
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      action === 'open'
        ? sql`update quiz_sessions set opens_at = now(),
                closes_at = case when closes_at <= now() then null else closes_at end, released_at = null,
                version = version + 1, updated_by = ${auth.user.jwlId}, updated_at = now()
              where id = ${sessionId} and version = ${version} returning id`
        : sql`update quiz_sessions set closes_at = now(),
                opens_at = case when opens_at >= now() then now() - interval '1 second' else opens_at end,
                version = version + 1, updated_by = ${auth.user.jwlId}, updated_at = now()
              where id = ${sessionId} and version = ${version} returning id`,
    );
    if (!row) throw stale();
    if (action === 'close') await capDeadlines(tx, sessionId);
    await audit(tx, auth, {
      action: `quiz_session.${action}`,
      entityType: 'quiz_session',
      entityId: sessionId,
    });
  });
  return readSession(deps.db, sessionId);
}

/** A learner of the session (its class, or any for the item-wide one) in the caller's reach. */
async function learnerOfSession(
  db: Db,
  auth: AuthContext,
  session: SessionRow,
  courseId: number,
  studentId: number,
) {
  const [row] = await rows<{ student_id: number }>(
    db,
    sql`select cl.student_id from course_learners cl
        where cl.course_id = ${courseId} and cl.student_id = ${studentId}
          and (${session.class_id}::int is null or cl.class_id = ${session.class_id})
          and ${learnerReach('cl', auth)} limit 1`,
  );
  if (!row) throw notFound('The learner');
}

export async function putOverride(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
  studentId: number,
  input: OverrideInput,
): Promise<QuizSession> {
  const { session, item } = await sessionToEdit(deps.db, auth, sessionId);
  await learnerOfSession(deps.db, auth, session, item.course_id, studentId);
  await deps.db.transaction(async (tx) => {
    const values = sql`${input.extraMinutes ?? 0} * 60, ${input.extraAttempts ?? 0}, ${input.closesAt ?? null}::timestamptz, ${input.reason}, ${auth.user.jwlId}`;
    const [row] = await rows<{ version: number }>(
      tx,
      input.version === undefined
        ? sql`insert into quiz_overrides (session_id, student_id, extra_seconds, extra_attempts, closes_at, reason, updated_by)
              values (${sessionId}, ${studentId}, ${values}) on conflict do nothing returning version`
        : sql`update quiz_overrides set extra_seconds = ${input.extraMinutes ?? 0} * 60,
                extra_attempts = ${input.extraAttempts ?? 0}, closes_at = ${input.closesAt ?? null}::timestamptz,
                reason = ${input.reason}, updated_by = ${auth.user.jwlId}, updated_at = now(), version = version + 1
              where session_id = ${sessionId} and student_id = ${studentId} and version = ${input.version}
              returning version`,
    );
    if (!row) throw stale();
    // An attempt in progress gets the extra time (or the later close) at once.
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
    await audit(tx, auth, {
      action: 'quiz_override.saved',
      entityType: 'quiz_session',
      entityId: sessionId,
      changes: {
        studentId,
        extraMinutes: input.extraMinutes ?? 0,
        extraAttempts: input.extraAttempts ?? 0,
        closesAt: input.closesAt ?? null,
        reason: input.reason,
      },
    });
  });
  return readSession(deps.db, sessionId);
}

export async function deleteOverride(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
  studentId: number,
): Promise<QuizSession> {
  const { session, item } = await sessionToEdit(deps.db, auth, sessionId);
  await learnerOfSession(deps.db, auth, session, item.course_id, studentId);
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ student_id: number }>(
      tx,
      sql`delete from quiz_overrides where session_id = ${sessionId} and student_id = ${studentId} returning student_id`,
    );
    if (!row) throw notFound('The override');
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
    await audit(tx, auth, {
      action: 'quiz_override.removed',
      entityType: 'quiz_session',
      entityId: sessionId,
      changes: { studentId },
    });
  });
  return readSession(deps.db, sessionId);
}
