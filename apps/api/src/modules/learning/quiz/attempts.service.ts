import type { Db } from '@lantern/db/client';
import {
  quizSettingsSchema,
  type MyAttempt,
  type MyQuiz,
  type QuizSettings,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { loadSubmitContext, type SubmitContext } from '../learner-policy/public';
import { bankQuestions, questionVersions } from './questions.cache';
import { drawQuestions, layoutOf, seededRandom } from './draw';
import { learnerView } from './responses';
import {
  layoutQuestions,
  questionOf,
  responseValue,
  responsesOf,
  type LearnerSession,
} from './attempt-store';
import {
  findAttempt,
  findAttemptsOf,
  findFinishedAttempts,
  findOpenAttempt,
  type AttemptRow,
  type ResponseRow,
} from './quiz-attempts.repository';
import { insertQuizAttempt } from './quiz-attempts-write.repository';
import { findPublishedGrade, type ItemInfo, type Versions } from './quiz-learner.repository';
import { reviewShown } from './review-rule';
import { sessionState } from './sessions.service';
import {
  isOverdue,
  iso,
  itemInfo,
  num,
  readLearnerSession,
  round2,
  startRefusal,
  summaryOf,
  windowClosed,
} from './attempts-session.service';
import { settleOverdue } from './attempts-finish.service';

// Attempts (decision 0020 §3.4): start (a draw, one insert), autosave (one guarded statement:
// an older save never overwrites a newer one), the time limit by the server's clock with 30 s
// of grace for the link, an idempotent finish (the submission row, completion and the machine
// grade in one transaction), resume, and the overdue finishing (job and lazily). Here: start and
// reading; saving in attempts-save, finishing in attempts-finish, offline in attempts-offline.

async function buildMyAttempt(
  db: Db,
  a: AttemptRow,
  now: Date,
  known?: { item: ItemInfo & { parsed: QuizSettings }; fresh: boolean },
): Promise<MyAttempt> {
  // A start knows its item already, and a new attempt has no answers: two reads saved there.
  const item = known?.item ?? (await itemInfo(db, a.item_id));
  const questions = await layoutQuestions(db, a.layout);
  const responses = known?.fresh
    ? new Map<number, ResponseRow>()
    : await responsesOf(db, Number(a.id));
  const pages = a.layout.reduce((n, l) => Math.max(n, l.page + 1), 1);
  return {
    id: Number(a.id),
    clientId: a.client_id,
    itemId: a.item_id,
    unitId: item.unit_id,
    courseId: item.course_id,
    title: item.title,
    sessionId: a.session_id,
    attempt: a.attempt,
    status: a.status,
    finishedBy: a.finished_by,
    startedAt: iso(a.started_at) ?? '',
    finishedAt: iso(a.finished_at),
    deadlineAt: iso(a.deadline_at),
    serverNow: now.toISOString(),
    lastSeq: a.last_seq,
    currentPage: a.current_page,
    pageCount: pages,
    navigation: item.parsed.navigation,
    maxPoints: round2(a.layout.reduce((s, l) => s + l.points, 0)),
    questions: a.layout.map((l) => {
      const q = questionOf(questions, l);
      const r = responses.get(l.slot);
      return {
        slot: l.slot,
        number: l.slot + 1,
        page: l.page,
        points: l.points,
        prompt: q.prompt,
        view: learnerView(q, l.choiceOrder),
        response: responseValue(r),
        flagged: r?.flagged ?? false,
        savedAt: r ? iso(r.saved_at) : null,
      };
    }),
  };
}

/** The calling learner's attempt, else 404 (another's attempt is not there for them). */
async function ownAttempt(db: Db, auth: AuthContext, attemptId: number): Promise<AttemptRow> {
  const a = await findAttempt(db, attemptId);
  if (!a || a.student_id !== auth.user.jwlId) throw notFound('The attempt');
  return a;
}

// ---------------------------------------------------------------- start

/**
 * Starts an attempt, or answers the one in progress (a resend with the same `clientId`, a
 * second tab, a reload). Checks: 0019's "who may submit", the session open, attempts left.
 */
export async function startAttempt(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  clientId: string,
): Promise<MyAttempt> {
  const db = deps.db;
  const context = await loadSubmitContext(db, auth, itemId);
  if (context.kind !== 'quiz') throw notFound('The quiz');
  const settings = quizSettingsSchema.parse(context.settings);
  const extras = { clientId, settings };
  let read = await readLearnerSession(db, itemId, auth.user.jwlId, context.classId, extras);
  if (read.againId !== null) {
    // A resend of a start answers the attempt it made, whatever happened since.
    const again = await findAttempt(db, read.againId);
    if (!again || again.student_id !== auth.user.jwlId || again.item_id !== itemId)
      throw new AppError(409, 'CONFLICT', 'This attempt id is in use: reload the page.');
    const settled = await settleOverdue(db, again);
    return buildMyAttempt(db, settled, new Date());
  }
  if (context.refusal) throw context.refusal;
  if (read.openId !== null) {
    const open = await findAttempt(db, read.openId);
    if (open) {
      const settled = await settleOverdue(db, open);
      if (settled.status === 'in_progress') return buildMyAttempt(db, settled, read.now);
      read = await readLearnerSession(db, itemId, auth.user.jwlId, context.classId, extras);
    }
  }
  const refusal = startRefusal(read.session, read.used, read.now);
  if (refusal) throw refusal;
  const row = await insertAttempt(
    db,
    context,
    read.session,
    auth.user.jwlId,
    clientId,
    null,
    read.versions,
  );
  if (row)
    return buildMyAttempt(db, row, read.now, {
      item: {
        id: context.itemId,
        title: context.title,
        body: context.body,
        unit_id: context.unitId,
        course_id: context.courseId,
        max_points: context.maxPoints ?? 0,
        settings: context.settings,
        unit_status: 'published',
        parsed: settings,
      },
      fresh: true,
    });
  // Another request started one meanwhile (the in-progress index): answer that one.
  const open = await findOpenAttempt(db, itemId, auth.user.jwlId);
  if (!open) throw new AppError(409, 'CONFLICT', 'The attempt could not be started: try again.');
  return buildMyAttempt(db, open, new Date());
}

/** Draws and inserts an attempt; null when a unique key said another exists. */
export async function insertAttempt(
  db: Db,
  context: Pick<SubmitContext, 'itemId' | 'courseId' | 'itemVersion' | 'settings'>,
  session: LearnerSession,
  studentId: number,
  clientId: string,
  offline: { startedAt: Date } | null,
  current: Versions,
): Promise<AttemptRow | null> {
  const settings = quizSettingsSchema.parse(context.settings);
  const banks = new Map<number, { id: number; version: number }[]>();
  for (const b of current.filter((c) => c.t === 'b'))
    banks.set(b.id, await bankQuestions(db, b.id, b.version));
  const fixed = new Map(current.filter((c) => c.t === 'q').map((q) => [q.id, q.version]));
  const random = seededRandom(clientId);
  const drawn = drawQuestions(settings, banks, fixed, random);
  if (!drawn)
    throw new AppError(
      409,
      'CONFLICT',
      'This quiz asks for more questions than its banks hold: tell the people who teach it.',
    );
  const questions = await questionVersions(
    db,
    drawn.map((d) => ({ id: d.questionId, version: d.questionVersion })),
  );
  const layout = layoutOf(settings, drawn, questions, random);
  const row = await insertQuizAttempt(db, {
    clientId,
    itemId: context.itemId,
    sessionId: session.id,
    studentId,
    courseId: context.courseId,
    layout,
    limit: session.timeLimitSeconds,
    closes: session.closesAt?.toISOString() ?? null,
    itemVersion: context.itemVersion,
    offlineStartedAt: offline ? offline.startedAt : null,
  });
  return row ?? null;
}

// ---------------------------------------------------------------- reading

export async function getMyAttempt(deps: Deps, auth: AuthContext, attemptId: number) {
  const a = await settleOverdue(deps.db, await ownAttempt(deps.db, auth, attemptId));
  return buildMyAttempt(deps.db, a, new Date());
}

export async function getMyQuiz(deps: Deps, auth: AuthContext, itemId: number): Promise<MyQuiz> {
  const db = deps.db;
  const context = await loadSubmitContext(db, auth, itemId);
  if (context.kind !== 'quiz') throw notFound('The quiz');
  let read = await readLearnerSession(db, itemId, auth.user.jwlId, context.classId);
  if (read.openId !== null) {
    const open = await findAttempt(db, read.openId);
    if (open && isOverdue(open, read.now)) {
      await settleOverdue(db, open);
      read = await readLearnerSession(db, itemId, auth.user.jwlId, context.classId);
    }
  }
  const item = await itemInfo(db, itemId);
  const s = read.session;
  const attempts = await findAttemptsOf(db, itemId, auth.user.jwlId);
  const closed = windowClosed(s, item.unit_status, read.now);
  const marksVisible = reviewShown(s.review.marks, closed);
  const answersVisible = reviewShown(s.review.answers, closed);
  const grade = await findPublishedGrade(db, itemId, auth.user.jwlId);
  const maxPoints = Number(item.max_points);
  const open = attempts.find((a) => a.status === 'in_progress');
  const refusal = open ? null : (context.refusal ?? startRefusal(s, read.used, read.now));
  return {
    item: {
      id: item.id,
      title: item.title,
      body: item.body,
      unitId: item.unit_id,
      courseId: item.course_id,
      maxPoints,
      questionCount: item.parsed.slots.reduce((n, x) => n + (x.type === 'fixed' ? 1 : x.count), 0),
      navigation: item.parsed.navigation,
    },
    session: {
      id: s.id,
      opensAt: iso(s.opensAt),
      closesAt: iso(s.closesAt),
      timeLimitMinutes: s.timeLimitSeconds === null ? null : Math.round(s.timeLimitSeconds / 60),
      attemptsAllowed: s.attemptsAllowed,
      gradingMethod: s.gradingMethod,
      review: s.review,
      allowedOffline: s.allowedOffline,
      state: sessionState(s.opensAt, s.closesAt, read.now),
    },
    attemptsUsed: read.used,
    attemptsLeft: s.attemptsAllowed === null ? null : Math.max(0, s.attemptsAllowed - read.used),
    inProgress: open ? { id: Number(open.id), deadlineAt: iso(open.deadline_at) } : null,
    attempts: attempts.map((a) =>
      summaryOf(
        a,
        marksVisible,
        a.status === 'finished' && (marksVisible || answersVisible),
        maxPoints,
      ),
    ),
    grade: grade ? { points: num(grade.points), maxPoints: Number(grade.max_points) } : null,
    refusal: refusal ? { code: refusal.code, detail: refusal.detail } : null,
    serverNow: read.now.toISOString(),
  };
}

/** The attempt ids of a learner's finished attempts at a quiz (for reads elsewhere). */
export async function finishedAttempts(db: Db, itemId: number, studentId: number) {
  return findFinishedAttempts(db, itemId, studentId);
}
