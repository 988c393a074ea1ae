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
import {
  applyOverrideDeadline,
  capDeadlines,
  deleteOverrideRow,
  findClassesInScope,
  findItemSessions,
  findLearnerOfSession,
  findOverrides,
  findQuizInReach,
  findSession,
  insertClassSession,
  insertItemSession,
  openOrCloseRow,
  resetDeadline,
  saveOverride,
  updateSessionRow,
  type QuizItem,
  type SessionRow,
  type SessionValues,
} from './quiz-sessions.repository';

// Quiz sessions (decision 0020 §3.3): the item-wide one made with the quiz, one per class
// added by QUIZ_SESSION__EDIT holders (it overrides the item-wide one for that class), opened
// and closed now, and per-learner overrides (extra time, extra attempts, a later close).

const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

export const GRACE_SECONDS = 30;

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

const sessionValues = (input: Omit<QuizSessionInput, 'classId'>): SessionValues => ({
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
  await insertItemSession(tx, itemId, v, auth.user.jwlId);
}

async function overridesOf(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return findOverrides(db, sessionIds);
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

/** A quiz item in the caller's course reach, else 404. */
export async function quizInReach(db: Db, auth: AuthContext, itemId: number): Promise<QuizItem> {
  const item = await findQuizInReach(db, auth, itemId);
  if (!item) throw notFound('The quiz');
  return item;
}

/** The classes of the quiz's programme in the caller's class scope. */
async function classesInScope(db: Db, auth: AuthContext, programmeId: number) {
  return findClassesInScope(db, auth, programmeId);
}

export async function listSessions(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<QuizSessions> {
  const item = await quizInReach(deps.db, auth, itemId);
  const now = new Date();
  const list = await findItemSessions(deps.db, itemId);
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
  const [s] = await findSession(db, sessionId);
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
  const list = await findSession(db, sessionId);
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
    const row = await insertClassSession(
      tx,
      {
        itemId,
        classId: input.classId,
        programmeId: item.programme_id,
        updatedBy: auth.user.jwlId,
      },
      v,
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
    const row = await updateSessionRow(tx, sessionId, input.version, v, auth.user.jwlId);
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

export async function openOrClose(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
  action: 'open' | 'close',
  version: number,
): Promise<QuizSession> {
  await sessionToEdit(deps.db, auth, sessionId);
  await deps.db.transaction(async (tx) => {
    const row = await openOrCloseRow(tx, sessionId, action, version, auth.user.jwlId);
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
  const row = await findLearnerOfSession(db, auth, session.class_id, courseId, studentId);
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
    const row = await saveOverride(tx, sessionId, studentId, input, auth.user.jwlId);
    if (!row) throw stale();
    // An attempt in progress gets the extra time (or the later close) at once.
    await applyOverrideDeadline(tx, sessionId, studentId);
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
    const row = await deleteOverrideRow(tx, sessionId, studentId);
    if (!row) throw notFound('The override');
    await resetDeadline(tx, sessionId, studentId);
    await audit(tx, auth, {
      action: 'quiz_override.removed',
      entityType: 'quiz_session',
      entityId: sessionId,
      changes: { studentId },
    });
  });
  return readSession(deps.db, sessionId);
}
