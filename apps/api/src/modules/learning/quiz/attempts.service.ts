import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  quizSettingsSchema,
  type AttemptSummary,
  type AutosaveInput,
  type AutosaveResult,
  type FinishInput,
  type FinishResult,
  type FinishedBy,
  type MyAttempt,
  type MyQuiz,
  type QuizResponse,
  type QuizSettings,
  type ResponseInput,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, invalidFields, notFound } from '../../../lib/errors';
import { intArray, jsonParam, rows } from '../../../lib/sql';
import { loadSubmitContext, type SubmitContext } from '../learner-policy/public';
import { dayText } from '../../../lib/dates';
import { recordCompletion } from '../work/public';
import { bankQuestions, questionVersions } from './questions.cache';
import { drawQuestions, layoutOf, seededRandom } from './draw';
import { checkResponse, learnerView } from './responses';
import { scoreResponse } from './scoring';
import {
  findAttempt,
  layoutQuestions,
  questionOf,
  responseValue,
  responsesOf,
  type AttemptRow,
  type LearnerSession,
  type ResponseRow,
} from './attempt-store';
import { regrade } from './quiz-grade';
import { reviewShown, type ReviewRule } from './review-rule';
import { GRACE_SECONDS, sessionState } from './sessions.service';

// Attempts (decision 0020 §3.4): start (a draw, one insert), autosave (one guarded statement:
// an older save never overwrites a newer one), the time limit by the server's clock with 30 s
// of grace for the link, an idempotent finish (the submission row, completion and the machine
// grade in one transaction), resume, and the overdue finishing (job and lazily).

/** After the close, an offline attempt may still arrive for this long (0020 §3.7). */
export const QUIZ_OFFLINE_GRACE_DAYS = 7;

const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));
const round2 = (x: number) => Math.round(x * 100) / 100;

const timeText = (d: Date) =>
  `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
const whenText = (d: Date) => `${dayText(d)} at ${timeText(d)} UTC`;

const IMPERSONATING = () =>
  new AppError(403, 'IMPERSONATING', 'Work can only be handed in by the student themselves.');

// ---------------------------------------------------------------- the learner's session

type SessionRead = {
  id: number;
  class_id: number | null;
  opens_at: Date | string | null;
  closes_at: Date | string | null;
  o_closes_at: Date | string | null;
  time_limit_seconds: number | null;
  extra_seconds: number | null;
  attempts_allowed: number | null;
  extra_attempts: number | null;
  grading_method: 'highest' | 'last' | 'average';
  review: { marks: ReviewRule; answers: ReviewRule };
  allowed_offline: boolean;
  released_at: Date | string | null;
  used: number;
  open_id: string | number | null;
  now: Date | string;
};

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** The learner's class session, else the item-wide one, with their override; one read. */
type Versions = { t: 'b' | 'q'; id: number; version: number }[];

/** What a start reads with the session: an attempt sent before with its client id, and the
 * current versions of the quiz's banks and fixed questions (one statement for all of it). */
type StartExtras = { clientId: string; settings: QuizSettings };

async function readLearnerSession(
  db: Db,
  itemId: number,
  studentId: number,
  classId: number | null,
  start?: StartExtras,
) {
  const bankIds = start
    ? [...new Set(start.settings.slots.flatMap((x) => (x.type === 'random' ? [x.bankId] : [])))]
    : [];
  const fixedIds = start
    ? start.settings.slots.flatMap((x) => (x.type === 'fixed' ? [x.questionId] : []))
    : [];
  const extras = start
    ? sql`(select a.id from quiz_attempts a where a.client_id = ${start.clientId}::uuid) as again_id,
          (select coalesce(jsonb_agg(jsonb_build_object('t', v.t, 'id', v.id, 'version', v.version)), '[]'::jsonb)
             from (select 'b' as t, id, version from question_banks where id = any(${intArray(bankIds)}) and deleted_at is null
                   union all
                   select 'q', id, version from questions where id = any(${intArray(fixedIds)}) and deleted_at is null) v) as versions,`
    : sql`null::bigint as again_id, null::jsonb as versions,`;
  const [row] = await rows<
    SessionRead & { again_id: string | number | null; versions: Versions | null }
  >(
    db,
    sql`select ${extras} s.id, s.class_id, s.opens_at, s.closes_at, o.closes_at as o_closes_at, s.time_limit_seconds,
          o.extra_seconds, s.attempts_allowed, o.extra_attempts, s.grading_method, s.review,
          s.allowed_offline, s.released_at, now() as now,
          (select count(*)::int from quiz_attempts a where a.item_id = ${itemId} and a.student_id = ${studentId}) as used,
          (select a.id from quiz_attempts a where a.item_id = ${itemId} and a.student_id = ${studentId}
             and a.status = 'in_progress') as open_id
        from quiz_sessions s
        left join quiz_overrides o on o.session_id = s.id and o.student_id = ${studentId}
        where s.item_id = ${itemId} and (s.class_id is null or s.class_id = ${classId})
        order by s.class_id nulls last limit 1`,
  );
  if (!row) throw notFound('The quiz');
  const session: LearnerSession = {
    id: row.id,
    classId: row.class_id,
    opensAt: toDate(row.opens_at),
    closesAt: toDate(row.o_closes_at ?? row.closes_at),
    timeLimitSeconds:
      row.time_limit_seconds === null ? null : row.time_limit_seconds + (row.extra_seconds ?? 0),
    attemptsAllowed:
      row.attempts_allowed === null ? null : row.attempts_allowed + (row.extra_attempts ?? 0),
    gradingMethod: row.grading_method,
    review: row.review,
    allowedOffline: row.allowed_offline,
    releasedAt: toDate(row.released_at),
  };
  return {
    session,
    used: row.used,
    openId: row.open_id === null ? null : Number(row.open_id),
    againId: row.again_id === null ? null : Number(row.again_id),
    versions: row.versions ?? [],
    now: new Date(row.now),
  };
}

/** Why a new attempt cannot start now, by the session; null when it may. */
function startRefusal(s: LearnerSession, used: number, now: Date): AppError | null {
  if (s.opensAt && s.opensAt > now)
    return new AppError(409, 'QUIZ_NOT_OPEN', `This quiz opens on ${whenText(s.opensAt)}.`);
  if (s.closesAt && s.closesAt <= now)
    return new AppError(409, 'QUIZ_CLOSED', `This quiz closed on ${whenText(s.closesAt)}.`);
  if (s.attemptsAllowed !== null && used >= s.attemptsAllowed)
    return new AppError(
      409,
      'NO_ATTEMPT_LEFT',
      s.attemptsAllowed === 1
        ? 'This quiz takes one attempt, and it is used.'
        : `You have used all ${String(s.attemptsAllowed)} attempts at this quiz.`,
    );
  return null;
}

type ItemInfo = {
  id: number;
  title: string;
  body: string;
  unit_id: number;
  course_id: number;
  max_points: string | number;
  settings: unknown;
  unit_status: string;
};

async function itemInfo(db: Db, itemId: number): Promise<ItemInfo & { parsed: QuizSettings }> {
  const [i] = await rows<ItemInfo>(
    db,
    sql`select i.id, i.title, i.body, i.unit_id, i.course_id, i.max_points, i.settings, u.status as unit_status
        from learning_items i join learning_units u on u.id = i.unit_id where i.id = ${itemId}`,
  );
  if (!i) throw notFound('The quiz');
  return { ...i, parsed: quizSettingsSchema.parse(i.settings) };
}

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

/** ownAttempt with its quiz's navigation, in one read (a save's only read). */
async function ownAttemptToSave(db: Db, auth: AuthContext, attemptId: number) {
  const [a] = await rows<AttemptRow & { navigation: string | null }>(
    db,
    sql`select a.*, i.settings->>'navigation' as navigation
        from quiz_attempts a join learning_items i on i.id = a.item_id where a.id = ${attemptId}`,
  );
  if (!a || a.student_id !== auth.user.jwlId) throw notFound('The attempt');
  const navigation: 'free' | 'sequential' = a.navigation === 'sequential' ? 'sequential' : 'free';
  return { a, navigation };
}

const isOverdue = (a: AttemptRow, now: Date) =>
  a.status === 'in_progress' &&
  a.deadline_at !== null &&
  now.getTime() > new Date(a.deadline_at).getTime() + GRACE_SECONDS * 1000;

/** Finishes the attempt as time ran out if it is past its deadline and grace; answers it fresh. */
async function settleOverdue(db: Db, a: AttemptRow): Promise<AttemptRow> {
  if (!isOverdue(a, new Date())) return a;
  await db.transaction((tx) => finishInTx(tx, Number(a.id), 'timeout'));
  return (await findAttempt(db, Number(a.id))) ?? a;
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
  const [open] = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${auth.user.jwlId}
        and status = 'in_progress'`,
  );
  if (!open) throw new AppError(409, 'CONFLICT', 'The attempt could not be started: try again.');
  return buildMyAttempt(db, open, new Date());
}

/** Draws and inserts an attempt; null when a unique key said another exists. */
async function insertAttempt(
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
  const limit = session.timeLimitSeconds;
  const closes = session.closesAt?.toISOString() ?? null;
  const started = offline ? sql`${offline.startedAt.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await rows<AttemptRow>(
    db,
    sql`insert into quiz_attempts (client_id, item_id, session_id, student_id, course_id, attempt, layout,
          started_at, deadline_at, item_version, client_started_at)
        values (${clientId}::uuid, ${context.itemId}, ${session.id}, ${studentId}, ${context.courseId},
          (select coalesce(max(attempt), 0) + 1 from quiz_attempts where item_id = ${context.itemId} and student_id = ${studentId}),
          ${jsonParam(layout)}::jsonb, now(),
          case when ${limit}::int is null and ${closes}::timestamptz is null then null
            else least(${started} + make_interval(secs => ${limit}::int), ${closes}::timestamptz) end,
          ${context.itemVersion}, ${offline ? offline.startedAt.toISOString() : null}::timestamptz)
        on conflict do nothing returning *`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------- reading

export async function getMyAttempt(deps: Deps, auth: AuthContext, attemptId: number) {
  const a = await settleOverdue(deps.db, await ownAttempt(deps.db, auth, attemptId));
  return buildMyAttempt(deps.db, a, new Date());
}

export function summaryOf(
  a: AttemptRow,
  marksVisible: boolean,
  reviewAvailable: boolean,
  maxPoints: number,
): AttemptSummary {
  return {
    id: Number(a.id),
    attempt: a.attempt,
    status: a.status,
    finishedBy: a.finished_by,
    startedAt: iso(a.started_at) ?? '',
    finishedAt: iso(a.finished_at),
    deadlineAt: iso(a.deadline_at),
    needsManual: a.needs_manual,
    marks:
      marksVisible && a.status === 'finished' ? { points: num(a.total_points), maxPoints } : null,
    reviewAvailable,
  };
}

/** Whether the learner's window has closed (their close passed, or the unit closed). */
export const windowClosed = (s: LearnerSession, unitStatus: string, now: Date) =>
  (s.closesAt !== null && s.closesAt <= now) || unitStatus === 'closed';

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
  const attempts = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${auth.user.jwlId} order by attempt`,
  );
  const closed = windowClosed(s, item.unit_status, read.now);
  const marksVisible = reviewShown(s.review.marks, closed);
  const answersVisible = reviewShown(s.review.answers, closed);
  const [grade] = await rows<{ points: string | number | null; max_points: string | number }>(
    db,
    sql`select points, max_points from grades where item_id = ${itemId} and student_id = ${auth.user.jwlId}
        and is_published`,
  );
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

// ---------------------------------------------------------------- autosave

type CheckedResponse = {
  slot: number;
  response: QuizResponse | null;
  fileId: string | null;
  flagged: boolean;
};

/** Each response checked against its slot's question; 400 with the sentence otherwise. */
async function checkResponses(
  db: Db,
  a: AttemptRow,
  input: ResponseInput[],
  studentId: number,
): Promise<CheckedResponse[]> {
  if (input.length === 0) return [];
  const questions = await layoutQuestions(db, a.layout);
  const out: CheckedResponse[] = [];
  const seen = new Set<number>();
  for (const r of input) {
    const l = a.layout[r.slot];
    if (!l || seen.has(r.slot)) throw badRequest('This answer is for no question of the attempt.');
    seen.add(r.slot);
    if (r.response === null) {
      out.push({ slot: r.slot, response: null, fileId: null, flagged: r.flagged ?? false });
      continue;
    }
    const checked = checkResponse(questionOf(questions, l), r.response);
    if (!checked.ok) throw invalidFields({ [`responses.${String(r.slot)}`]: checked.reason });
    const fileId = (checked.response as { fileId?: string | null }).fileId ?? null;
    const { fileId: _drop, ...rest } = checked.response as { fileId?: string | null };
    out.push({ slot: r.slot, response: rest as QuizResponse, fileId, flagged: r.flagged ?? false });
  }
  const files = out.flatMap((o) => (o.fileId ? [o.fileId] : []));
  if (files.length > 0) {
    const owned = await rows<{ id: string }>(
      db,
      sql`select id::text from files where id = any(${sql`${`{${files.join(',')}}`}::uuid[]`}) and owner_id = ${studentId}`,
    );
    if (owned.length !== new Set(files).size)
      throw badRequest('The recording was not found: record it again.');
  }
  return out;
}

const sequential = () => new AppError(409, 'QUIZ_SEQUENTIAL', 'This quiz goes forward only.');

/** The upsert of a save: a slot saved with a higher sequence than it holds, nothing else. */
function saveStatement(
  attemptId: number,
  seq: number,
  responses: CheckedResponse[],
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

function assertForward(
  a: AttemptRow,
  navigation: 'free' | 'sequential',
  responses: CheckedResponse[],
) {
  if (navigation !== 'sequential') return;
  for (const r of responses) {
    const l = a.layout[r.slot];
    if (l && l.page < a.current_page) throw sequential();
  }
}

async function timeUp(db: Db, attemptId: number): Promise<AppError> {
  const [last] = await rows<{ at: Date | string | null }>(
    db,
    sql`select max(saved_at) as at from quiz_responses where attempt_id = ${attemptId}`,
  );
  const at = last?.at ? new Date(last.at) : null;
  return new AppError(
    409,
    'QUIZ_TIME_UP',
    at
      ? `Time is up: your answers saved until ${timeText(at)} were handed in.`
      : 'Time is up: the attempt was handed in without answers.',
  );
}

export async function autosave(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: AutosaveInput,
): Promise<AutosaveResult> {
  if (auth.impersonating) throw IMPERSONATING();
  const db = deps.db;
  const { a, navigation } = await ownAttemptToSave(db, auth, attemptId);
  if (a.status === 'finished') {
    if (a.finished_by === 'timeout') throw await timeUp(db, attemptId);
    throw new AppError(409, 'QUIZ_CLOSED', 'This attempt is handed in already.');
  }
  const responses = await checkResponses(db, a, input.responses, auth.user.jwlId);
  assertForward(a, navigation, responses);
  const maxPage = a.layout.reduce((n, l) => Math.max(n, l.page), 0);
  const page = Math.min(input.page, maxPage);
  if (navigation === 'sequential' && page < a.current_page) throw sequential();
  // One statement: guarded by owner, in progress and the deadline with its grace.
  const [row] = await rows<{
    last_seq: number;
    deadline_at: Date | string | null;
    now: Date | string;
  }>(
    db,
    sql`with att as (
          update quiz_attempts set last_seq = greatest(last_seq, ${input.seq}),
            current_page = ${page}, updated_at = now()
          where id = ${attemptId} and student_id = ${auth.user.jwlId} and status = 'in_progress'
            and (deadline_at is null or now() <= deadline_at + make_interval(secs => ${GRACE_SECONDS}))
          returning id, last_seq, deadline_at),
        saved as (${responses.length === 0 ? sql`select 1` : saveStatement(attemptId, input.seq, responses, 'att')})
        select att.last_seq, att.deadline_at, now() as now from att`,
  );
  if (!row) {
    // Past the deadline and its grace: what was saved is handed in.
    await db.transaction((tx) => finishInTx(tx, attemptId, 'timeout'));
    const fresh = await findAttempt(db, attemptId);
    if (fresh?.finished_by === 'timeout') throw await timeUp(db, attemptId);
    throw new AppError(409, 'QUIZ_CLOSED', 'This attempt is handed in already.');
  }
  const now = new Date(row.now);
  return {
    lastSeq: row.last_seq,
    savedAt: now.toISOString(),
    serverNow: now.toISOString(),
    deadlineAt: iso(row.deadline_at),
  };
}

// ---------------------------------------------------------------- finish

export async function finishResult(db: Db, a: AttemptRow): Promise<FinishResult> {
  const item = await itemInfo(db, a.item_id);
  const read = await readLearnerSession(db, a.item_id, a.student_id, await classOf(db, a));
  const closed = windowClosed(read.session, item.unit_status, read.now);
  const marksVisible = reviewShown(read.session.review.marks, closed);
  const answersVisible = reviewShown(read.session.review.answers, closed);
  return {
    ...summaryOf(
      a,
      marksVisible,
      a.status === 'finished' && (marksVisible || answersVisible),
      Number(item.max_points),
    ),
    submissionId: num(a.submission_id),
  };
}

async function classOf(db: Db, a: AttemptRow): Promise<number | null> {
  const [s] = await rows<{ class_id: number | null }>(
    db,
    sql`select class_id from quiz_sessions where id = ${a.session_id}`,
  );
  return s?.class_id ?? null;
}

/**
 * The learner's finish: the last save and the finish in one transaction. A finished attempt
 * answers its result again, whoever finished it (idempotent, also when sent twice at once).
 */
export async function finish(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: FinishInput,
): Promise<FinishResult> {
  if (auth.impersonating) throw IMPERSONATING();
  const db = deps.db;
  const { a, navigation } = await ownAttemptToSave(db, auth, attemptId);
  if (a.status === 'finished') return finishResult(db, a);
  const responses = await checkResponses(db, a, input.responses ?? [], auth.user.jwlId);
  assertForward(a, navigation, responses);
  await db.transaction(async (tx) => {
    const [locked] = await rows<AttemptRow & { late_ok: boolean }>(
      tx,
      sql`select *, (deadline_at is null or now() <= deadline_at + make_interval(secs => ${GRACE_SECONDS})) as late_ok
          from quiz_attempts where id = ${attemptId} for update`,
    );
    if (!locked || locked.status === 'finished') return;
    if (!locked.late_ok) {
      await finishInTx(tx, attemptId, 'timeout');
      return;
    }
    if (responses.length > 0)
      await tx.execute(
        saveStatement(attemptId, Math.max(input.seq, locked.last_seq + 1), responses),
      );
    await finishInTx(tx, attemptId, 'learner', { checkEssays: true });
  });
  const done = await findAttempt(db, attemptId);
  if (!done) throw notFound('The attempt');
  return finishResult(db, done);
}

/**
 * Finishes an attempt in the caller's transaction: scores it, hands it in as a `submissions`
 * row, records completion and grades by the session's method. Does nothing to a finished one.
 */
export async function finishInTx(
  tx: Db,
  attemptId: number,
  by: FinishedBy,
  options: { checkEssays?: boolean; finishedAt?: Date } = {},
): Promise<boolean> {
  const [a] = await rows<AttemptRow & { due_at: Date | string | null }>(
    tx,
    sql`select a.*, coalesce(d.due_at, i.due_at) as due_at
        from quiz_attempts a join learning_items i on i.id = a.item_id
        left join quiz_sessions s on s.id = a.session_id
        left join item_class_dates d on d.item_id = a.item_id and d.class_id = (
          select cl.class_id from course_learners cl where cl.course_id = a.course_id and cl.student_id = a.student_id
          order by cl.may_submit desc limit 1)
        where a.id = ${attemptId} for update of a`,
  );
  if (!a || a.status === 'finished') return false;
  const questions = await layoutQuestions(tx, a.layout);
  const responses = await responsesOf(tx, attemptId);
  let auto = 0;
  let needsManual = false;
  const fractions: { slot: number; fraction: number | null }[] = [];
  for (const l of a.layout) {
    const q = questionOf(questions, l);
    const r = responses.get(l.slot);
    const s = scoreResponse(q, responseValue(r));
    if (q.kind === 'essay') {
      if (s.problem && options.checkEssays)
        throw invalidFields({ [`responses.${String(l.slot)}`]: s.problem });
      if (s.state !== 'unanswered') needsManual = true;
      continue;
    }
    if (r) fractions.push({ slot: l.slot, fraction: s.fraction });
    auto += (s.fraction ?? 0) * l.points;
  }
  if (fractions.length > 0)
    await tx.execute(
      sql`update quiz_responses r set auto_fraction = f.fraction
          from jsonb_to_recordset(${jsonParam(fractions)}::jsonb) as f(slot smallint, fraction numeric)
          where r.attempt_id = ${attemptId} and r.slot = f.slot`,
    );
  const autoPoints = round2(auto);
  const at = options.finishedAt ?? null;
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
  if (!sub) throw new Error('the submission of a quiz attempt was not written');
  await tx.execute(
    sql`update quiz_attempts set status = 'finished', finished_by = ${by},
          finished_at = coalesce(${at?.toISOString() ?? null}::timestamptz, now()),
          client_finished_at = ${at?.toISOString() ?? null}::timestamptz,
          auto_points = ${autoPoints}, manual_points = ${needsManual ? null : 0},
          total_points = ${needsManual ? null : autoPoints}, needs_manual = ${needsManual},
          submission_id = ${Number(sub.id)}, version = version + 1, updated_at = now()
        where id = ${attemptId}`,
  );
  await recordCompletion(tx, {
    studentId: a.student_id,
    itemId: a.item_id,
    source: 'submitted',
    at: new Date(sub.at),
  });
  await regrade(tx, a.item_id, a.student_id);
  return true;
}

// ---------------------------------------------------------------- overdue

/**
 * Finishes attempts past their deadline and its grace (the `quiz-overdue` job, every minute):
 * as `close` when the deadline was the learner's close, else as `timeout`. Answers how many.
 */
export async function finishOverdue(db: Db, limit = 200): Promise<number> {
  const due = await rows<{ id: string | number; by: FinishedBy }>(
    db,
    sql`select a.id, case when coalesce(o.closes_at, s.closes_at) is not null
                and a.deadline_at >= coalesce(o.closes_at, s.closes_at) then 'close' else 'timeout' end as by
        from quiz_attempts a join quiz_sessions s on s.id = a.session_id
        left join quiz_overrides o on o.session_id = s.id and o.student_id = a.student_id
        where a.status = 'in_progress' and a.deadline_at < now() - make_interval(secs => ${GRACE_SECONDS})
        order by a.deadline_at limit ${limit}`,
  );
  let n = 0;
  for (const d of due) if (await db.transaction((tx) => finishInTx(tx, Number(d.id), d.by))) n++;
  return n;
}

// ---------------------------------------------------------------- offline (0020 §3.7)

export type OfflineAttempt = {
  itemId: number;
  studentId: number;
  clientId: string;
  clientStartedAt: Date;
  clientFinishedAt: Date;
  responses: ResponseInput[];
};

/**
 * A whole attempt made on a device without a link, for a quiz "allowed offline": accepted when
 * both device times fall in the learner's window and it arrives within 7 days of the close;
 * else 409 QUIZ_CLOSED. A resend (same clientId) answers the stored attempt. The outbox issue's
 * route calls this after its own checks (who may submit).
 */
export async function applyOfflineAttempt(
  db: Db,
  auth: AuthContext,
  input: OfflineAttempt,
  now: Date = new Date(),
): Promise<FinishResult> {
  const [again] = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where client_id = ${input.clientId}::uuid`,
  );
  if (again) {
    if (again.student_id !== input.studentId)
      throw new AppError(409, 'CONFLICT', 'This attempt id is in use.');
    return finishResult(db, again);
  }
  const context = await loadSubmitContext(db, auth, input.itemId, input.clientFinishedAt);
  if (context.kind !== 'quiz') throw notFound('The quiz');
  const read = await readLearnerSession(db, input.itemId, input.studentId, context.classId, {
    clientId: input.clientId,
    settings: quizSettingsSchema.parse(context.settings),
  });
  const s = read.session;
  const closedRefusal = () =>
    new AppError(
      409,
      'QUIZ_CLOSED',
      s.closesAt
        ? `This quiz closed on ${whenText(s.closesAt)}: answers made offline count only before then.`
        : 'This quiz cannot be answered offline.',
    );
  if (!s.allowedOffline) throw closedRefusal();
  const within = (d: Date) => (!s.opensAt || d >= s.opensAt) && (!s.closesAt || d <= s.closesAt);
  if (
    !within(input.clientStartedAt) ||
    !within(input.clientFinishedAt) ||
    input.clientFinishedAt < input.clientStartedAt
  )
    throw closedRefusal();
  if (s.closesAt && now.getTime() > s.closesAt.getTime() + QUIZ_OFFLINE_GRACE_DAYS * 86_400_000)
    throw closedRefusal();
  if (s.attemptsAllowed !== null && read.used >= s.attemptsAllowed)
    throw startRefusal(s, read.used, new Date(0)) ?? closedRefusal();
  const a = await insertAttempt(
    db,
    context,
    s,
    input.studentId,
    input.clientId,
    { startedAt: input.clientStartedAt },
    read.versions,
  );
  if (!a) throw new AppError(409, 'CONFLICT', 'Another attempt is in progress on this quiz.');
  const id = Number(a.id);
  const responses = await checkResponses(db, a, input.responses, input.studentId);
  await db.transaction(async (tx) => {
    if (responses.length > 0) await tx.execute(saveStatement(id, 1, responses));
    await finishInTx(tx, id, 'sync', { finishedAt: input.clientFinishedAt });
  });
  const done = await findAttempt(db, id);
  if (!done) throw notFound('The attempt');
  return finishResult(db, done);
}

/** The attempt ids of a learner's finished attempts at a quiz (for reads elsewhere). */
export async function finishedAttempts(db: Db, itemId: number, studentId: number) {
  return rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id = ${studentId}
        and status = 'finished' order by attempt`,
  );
}
