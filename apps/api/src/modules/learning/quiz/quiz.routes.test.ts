import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttemptReview,
  AutosaveResult,
  Bank,
  FinishResult,
  MyAttempt,
  MyQuiz,
  Question,
  QuizAnalysis,
  QuizSession,
  QuizSessions,
  SessionResults,
  StaffAttempt,
  TryResult,
} from '@lantern/contracts/quiz';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import { applyOfflineAttempt } from './attempts-offline.service';
import { finishOverdue } from './attempts-finish.service';
import { releaseClosed } from './grading.service';
import { copyQuestionBanks } from './banks.service';

/**
 * Quizzes end to end on the API (decision 0020 §3): banks and questions, a quiz item with its
 * session, attempts with autosave, the server's time limit, resume, an idempotent finish,
 * grading methods, review rules, overrides, essays to the grading queue, the offline rule and
 * the item analysis.
 */

const LMS = '/api/en/lms';
let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as inject's res.json<T>() does
async function call<T>(
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `${LMS}${url}`,
    headers: h[who] ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const body = res.body
    ? res.json<T & { detail?: string; code?: string; fields?: object }>()
    : null;
  return {
    status: res.statusCode,
    body: body as T & { detail?: string; code?: string; fields?: object },
    raw: res.body,
  };
}

async function ok<T>(
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: string,
  payload?: unknown,
): Promise<T> {
  const r = await call<T>(method, url, who, payload);
  expect(r.status, `${method} ${url}: ${r.raw}`).toBe(200);
  return r.body;
}

const q = async (text: string, params: unknown[] = []) => t.database.query(text, params);

let bank: Bank;
const questions: Record<string, Question> = {};

const session = (over: Record<string, unknown> = {}) => ({
  classId: null,
  opensAt: null,
  closesAt: null,
  timeLimitMinutes: null,
  attemptsAllowed: null,
  gradingMethod: 'highest',
  review: { marks: 'immediately', answers: 'immediately' },
  allowedOffline: false,
  ...over,
});

/** A published quiz of the fixture's unit; its id. */
async function makeQuiz(
  title: string,
  slots: unknown[],
  sessionOver: Record<string, unknown> = {},
  settingsOver: Record<string, unknown> = {},
) {
  const created = await ok<{ id: number }>('POST', `/unit/${f.unitId}/tasks`, 'lead_faculty', {
    kind: 'quiz',
    title,
    body: '<p>Answer every question.</p>',
    delivery: 'online',
    settings: { slots, shuffleAnswers: true, questionsPerPage: 2, ...settingsOver },
    session: session(sessionOver),
  });
  await q(`update learning_items set is_published = true, published_at = now() where id = $1`, [
    created.id,
  ]);
  return created.id;
}

const start = (itemId: number, who = 'student', clientId = randomUUID()) =>
  call<MyAttempt>('POST', `/quiz/${itemId}/attempts`, who, { clientId });

/** The right response to each question of the bank, by question id. */
function rightResponse(question: Question): unknown {
  switch (question.kind) {
    case 'single':
      return { choiceId: question.data.choices.find((c) => c.fraction === 1)?.id ?? null };
    case 'multiple':
      return { choiceIds: question.data.choices.filter((c) => c.fraction > 0).map((c) => c.id) };
    case 'true_false':
      return { value: question.data.correct };
    case 'short_answer':
      return { text: 'photosynthesis' };
    case 'numeric':
      return { text: '3,14' };
    case 'matching':
      return {
        matches: Object.fromEntries(
          question.data.pairs.map((p): [string, string] => [p.id ?? '', p.answerId ?? '']),
        ),
      };
    case 'essay':
      return {
        text: 'Plants turn light into sugar, and they do so in their leaves.',
        fileId: null,
      };
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '954');
  for (const who of ['student', 'student_2', 'faculty', 'lead_faculty', 'facilitator_2'])
    h[who] = await t.as(who);
});
afterAll(async () => t.close());

describe('question banks', () => {
  it('are authored with a question of every kind, ids made at save', async () => {
    bank = await ok<Bank>('POST', `/course/${f.courseId}/question-banks`, 'lead_faculty', {
      title: 'Plants',
    });
    const add = (body: Record<string, unknown>) =>
      ok<Question>('POST', `/question-bank/${bank.id}/questions`, 'lead_faculty', {
        prompt: '<p>Question</p><script>alert(1)</script>',
        ...body,
      });
    questions.single = await add({
      kind: 'single',
      title: 'Capital',
      data: {
        choices: [
          { text: 'Paris', fraction: 1, feedback: 'Right.' },
          { text: 'Lyon', fraction: 0 },
        ],
      },
    });
    questions.multiple = await add({
      kind: 'multiple',
      title: 'Primes',
      data: {
        choices: [
          { text: '2', fraction: 0.5 },
          { text: '3', fraction: 0.5 },
          { text: '4', fraction: -1 },
        ],
      },
    });
    questions.true_false = await add({
      kind: 'true_false',
      title: 'Sky',
      data: { correct: true },
    });
    questions.short_answer = await add({
      kind: 'short_answer',
      title: 'Process',
      data: { answers: [{ text: 'photo*', mode: 'pattern', fraction: 1 }] },
    });
    questions.numeric = await add({
      kind: 'numeric',
      title: 'Pi',
      data: { answers: [{ value: 3.14, tolerance: 0.005, fraction: 1 }] },
    });
    questions.matching = await add({
      kind: 'matching',
      title: 'Capitals',
      data: {
        pairs: [
          { prompt: 'France', answer: 'Paris' },
          { prompt: 'Spain', answer: 'Madrid' },
        ],
      },
    });
    questions.essay = await add({
      kind: 'essay',
      title: 'Explain',
      data: { minWords: 5, graderInfo: 'Light, water, sugar.' },
    });
    expect(questions.single.prompt).toBe('<p>Question</p>');
    expect(questions.single.kind === 'single' && questions.single.data.choices[0]?.id).toMatch(
      /^[a-z0-9]{1,12}$/,
    );
    const refused = await call('POST', `/question-bank/${bank.id}/questions`, 'lead_faculty', {
      kind: 'single',
      title: 'Broken',
      data: {
        choices: [
          { text: 'A', fraction: 0.5 },
          { text: 'B', fraction: 0 },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('One choice must be worth 100 %.');
    // No recorder on the attempt page yet: a spoken essay is refused, not stored unanswerable.
    const spoken = await call('POST', `/question-bank/${bank.id}/questions`, 'lead_faculty', {
      kind: 'essay',
      title: 'Say it',
      data: { responseFormat: 'voice' },
    });
    expect(spoken.status).toBe(400);
    expect(JSON.stringify(spoken.body)).toContain(
      'Spoken answers to quiz essays cannot be asked for yet.',
    );
    const list = await ok<{ items: unknown[] }>(
      'GET',
      `/question-bank/${bank.id}/questions`,
      'lead_faculty',
    );
    expect(list.items).toHaveLength(7);
    // A student reaches no bank.
    expect((await call('GET', `/course/${f.courseId}/question-banks`, 'student')).status).toBe(403);
  });

  it('edits write versions; the author’s preview scores a response', async () => {
    const single = questions.single as Question & { kind: 'single' };
    const edited = await ok<Question>('PATCH', `/question/${single.id}`, 'lead_faculty', {
      kind: 'single',
      title: 'Capital of France',
      prompt: single.prompt,
      data: single.data,
      version: single.version,
    });
    expect(edited.version).toBe(2);
    if (edited.kind !== 'single') throw new Error('kind');
    expect(edited.data.choices.map((c) => c.id)).toEqual(single.data.choices.map((c) => c.id));
    questions.single = edited;
    const [v] = await q(`select count(*)::int as n from question_versions where question_id = $1`, [
      single.id,
    ]);
    expect(v).toEqual({ n: 2 });
    const stale = await call('PATCH', `/question/${single.id}`, 'lead_faculty', {
      kind: 'single',
      title: 'Old',
      data: single.data,
      version: 1,
    });
    expect(stale.status).toBe(409);
    const tried = await ok<TryResult>('POST', `/question/${single.id}/try`, 'lead_faculty', {
      response: rightResponse(edited),
    });
    expect(tried).toEqual({ fraction: 1, state: 'correct', feedback: 'Right.', problem: null });
    const bad = await call('POST', `/question/${single.id}/try`, 'lead_faculty', {
      response: { choiceId: 'nope' },
    });
    expect(bad.status).toBe(400);
  });
});

let autoQuiz = 0;

describe('attempts', () => {
  it('a quiz is created with its item-wide session and its points as the slots’ sum', async () => {
    const badSlots = await call('POST', `/unit/${f.unitId}/tasks`, 'lead_faculty', {
      kind: 'quiz',
      title: 'Too many',
      delivery: 'online',
      settings: { slots: [{ type: 'random', bankId: bank.id, count: 9, pointsEach: 1 }] },
      session: session(),
    });
    expect(badSlots.status).toBe(400);
    expect(JSON.stringify(badSlots.body)).toContain('holds 7 questions: this quiz draws 9.');
    const offlineTimed = await call('POST', `/unit/${f.unitId}/tasks`, 'lead_faculty', {
      kind: 'quiz',
      title: 'Offline',
      delivery: 'online',
      settings: { slots: [{ type: 'random', bankId: bank.id, count: 1, pointsEach: 1 }] },
      session: session({ allowedOffline: true, timeLimitMinutes: 10 }),
    });
    expect(offlineTimed.status).toBe(400);
    expect(JSON.stringify(offlineTimed.body)).toContain(
      'A quiz with a time limit cannot be allowed offline.',
    );
    const autoIds = ['single', 'multiple', 'true_false', 'short_answer', 'numeric', 'matching'];
    autoQuiz = await makeQuiz(
      'Plants quiz',
      autoIds.map((k) => ({ type: 'fixed', questionId: questions[k]?.id, points: 2 })),
      { attemptsAllowed: 2, gradingMethod: 'highest' },
    );
    const [item] = await q(`select max_points::float as m from learning_items where id = $1`, [
      autoQuiz,
    ]);
    expect(item).toEqual({ m: 12 });
    const sessions = await ok<QuizSessions>('GET', `/quiz/${autoQuiz}/sessions`, 'lead_faculty');
    expect(sessions.items).toHaveLength(1);
    expect(sessions.items[0]).toMatchObject({ classId: null, attemptsAllowed: 2, state: 'open' });
  });

  let attempt: MyAttempt;
  const clientId = randomUUID();

  it('starts without a key in the payload; the same clientId and a second start answer the same', async () => {
    const card = await ok<MyQuiz>('GET', `/quiz/${autoQuiz}/my-quiz`, 'student');
    expect(card).toMatchObject({
      attemptsUsed: 0,
      attemptsLeft: 2,
      refusal: null,
      inProgress: null,
    });
    const first = await start(autoQuiz, 'student', clientId);
    expect(first.status, first.raw).toBe(200);
    attempt = first.body;
    expect(attempt.questions).toHaveLength(6);
    expect(attempt.pageCount).toBe(3);
    // The allow-list: no fraction, feedback, right value, or pattern reaches the learner.
    expect(first.raw).not.toMatch(/fraction|feedback|"correct"|photo\*|3\.14|graderInfo|Right\./);
    expect((await start(autoQuiz, 'student', clientId)).body.id).toBe(attempt.id);
    expect((await start(autoQuiz, 'student')).body.id).toBe(attempt.id);
    // Another learner cannot read it.
    expect((await call('GET', `/quiz-attempt/${attempt.id}/mine`, 'student_2')).status).toBe(404);
  });

  it('autosaves; an older save never overwrites a newer one; a fresh read resumes', async () => {
    const byKind = await layoutKinds(attempt.id);
    const saves = byKind.map((k, slot) => ({
      slot,
      response: rightResponse(questions[k] as Question),
    }));
    const saved = await ok<AutosaveResult>(
      'PUT',
      `/quiz-attempt/${attempt.id}/responses`,
      'student',
      {
        seq: 2,
        page: 1,
        responses: saves,
      },
    );
    expect(saved.lastSeq).toBe(2);
    const tfSlot = byKind.indexOf('true_false');
    // A late-arriving older save (seq 1) with a wrong answer changes nothing.
    await ok('PUT', `/quiz-attempt/${attempt.id}/responses`, 'student', {
      seq: 1,
      page: 0,
      responses: [{ slot: tfSlot, response: { value: false } }],
    });
    const again = await ok<MyAttempt>('GET', `/quiz-attempt/${attempt.id}/mine`, 'student');
    expect(again.lastSeq).toBe(2);
    expect(again.questions[tfSlot]?.response).toEqual({ value: true });
    expect(again.questions.every((x) => x.response !== null)).toBe(true);
    const unknown = await call('PUT', `/quiz-attempt/${attempt.id}/responses`, 'student', {
      seq: 3,
      page: 0,
      responses: [{ slot: byKind.indexOf('single'), response: { choiceId: 'zzz' } }],
    });
    expect(unknown.status).toBe(400);
    const wrongKind = await call('PUT', `/quiz-attempt/${attempt.id}/responses`, 'student', {
      seq: 3,
      page: 0,
      responses: [{ slot: tfSlot, response: { text: 'yes' } }],
    });
    expect(wrongKind.status).toBe(400);
  });

  it('finishes once when sent twice at once: one submission, one completion, one grade event', async () => {
    const [a, b] = await Promise.all([
      call<FinishResult>('POST', `/quiz-attempt/${attempt.id}/finish`, 'student', { seq: 3 }),
      call<FinishResult>('POST', `/quiz-attempt/${attempt.id}/finish`, 'student', { seq: 3 }),
    ]);
    expect(a.status, a.raw).toBe(200);
    expect(b.status, b.raw).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({
      status: 'finished',
      finishedBy: 'learner',
      marks: { points: 12, maxPoints: 12 },
    });
    const [counts] = await q(
      `select (select count(*)::int from submissions where item_id = $1 and student_id = $2) as subs,
              (select count(*)::int from item_progress where item_id = $1 and student_id = $2) as done,
              (select count(*)::int from grade_events where item_id = $1 and student_id = $2) as events,
              (select points::float from grades where item_id = $1 and student_id = $2 and is_published) as points`,
      [autoQuiz, f.user.student],
    );
    expect(counts).toEqual({ subs: 1, done: 1, events: 1, points: 12 });
    // Finished: a later save is refused, and the finish answers the same again.
    expect(
      (
        await call('PUT', `/quiz-attempt/${attempt.id}/responses`, 'student', {
          seq: 9,
          page: 0,
          responses: [],
        })
      ).status,
    ).toBe(409);
    expect(
      (await ok<FinishResult>('POST', `/quiz-attempt/${attempt.id}/finish`, 'student', { seq: 9 }))
        .submissionId,
    ).toBe(a.body.submissionId);
  });

  it('grades by the method over attempts; attempts run out; an override gives one more', async () => {
    const second = (await start(autoQuiz)).body;
    expect(second.attempt).toBe(2);
    const kinds = await layoutKinds(second.id);
    // Only the true/false right this time: 2 of 12.
    await ok('POST', `/quiz-attempt/${second.id}/finish`, 'student', {
      seq: 1,
      responses: [{ slot: kinds.indexOf('true_false'), response: { value: true } }],
    });
    const [grade] = await q(
      `select points::float as p from grades where item_id = $1 and student_id = $2`,
      [autoQuiz, f.user.student],
    );
    expect(grade).toEqual({ p: 12 });
    const third = await start(autoQuiz);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: 'NO_ATTEMPT_LEFT',
      detail: 'You have used all 2 attempts at this quiz.',
    });
    const sessions = await ok<QuizSessions>('GET', `/quiz/${autoQuiz}/sessions`, 'lead_faculty');
    const s = sessions.items[0] as QuizSession;
    const noReason = await call(
      'PUT',
      `/quiz-session/${s.id}/overrides/${f.user.student}`,
      'lead_faculty',
      {
        extraAttempts: 1,
        reason: '',
      },
    );
    expect(noReason.status).toBe(400);
    await ok('PUT', `/quiz-session/${s.id}/overrides/${f.user.student}`, 'lead_faculty', {
      extraAttempts: 1,
      reason: 'Was ill on the day.',
    });
    const granted = await start(autoQuiz);
    expect(granted.status).toBe(200);
    // The method: average now, over the finished attempts (12 and 2).
    const upd = await ok<QuizSession>('PATCH', `/quiz-session/${s.id}`, 'lead_faculty', {
      ...session({ attemptsAllowed: 2, gradingMethod: 'last' }),
      classId: undefined,
      version: (await ok<QuizSessions>('GET', `/quiz/${autoQuiz}/sessions`, 'lead_faculty'))
        .items[0]?.version,
    });
    expect(upd.gradingMethod).toBe('last');
    await ok('POST', `/quiz-attempt/${granted.body.id}/finish`, 'student', { seq: 1 });
    const [last] = await q(
      `select points::float as p from grades where item_id = $1 and student_id = $2`,
      [autoQuiz, f.user.student],
    );
    expect(last).toEqual({ p: 0 });
    // A student may not edit sessions; a teacher of another class reaches no override there.
    expect(
      (await call('POST', `/quiz-session/${s.id}/close`, 'student', { version: 1 })).status,
    ).toBe(403);
  });

  it('results list learners in reach with their attempts', async () => {
    const sessions = await ok<QuizSessions>('GET', `/quiz/${autoQuiz}/sessions`, 'faculty');
    const results = await ok<SessionResults>(
      'GET',
      `/quiz-session/${sessions.items[0]?.id}/results`,
      'faculty',
    );
    const mine = results.rows.find((r) => r.studentId === f.user.student);
    expect(mine?.attempts).toHaveLength(3);
    expect(mine?.grade).toMatchObject({ points: 0, byPerson: false });
    // The faculty teaches K1 only: no learner of K2.
    expect(results.rows.some((r) => f.students.k2.includes(r.studentId))).toBe(false);
    const staff = await ok<StaffAttempt>('GET', `/quiz-attempt/${attempt.id}`, 'faculty');
    expect(staff.questions.every((x) => x.awardedPoints === 2)).toBe(true);
  });
});

/** The kind of each slot of an attempt, in slot order. */
async function layoutKinds(attemptId: number): Promise<string[]> {
  const [row] = await q(
    `select (select array_agg(qq.kind::text order by (l->>'slot')::int) from jsonb_array_elements(a.layout) l
       join questions qq on qq.id = (l->>'questionId')::int) as kinds
     from quiz_attempts a where a.id = $1`,
    [attemptId],
  );
  return (row as { kinds: string[] }).kinds;
}

describe('time', () => {
  let timed = 0;
  it('is enforced by the server: a save within the grace is kept, after it refused and handed in', async () => {
    timed = await makeQuiz(
      'Timed',
      [{ type: 'fixed', questionId: questions.true_false?.id, points: 1 }],
      { timeLimitMinutes: 5 },
    );
    const a = (await start(timed)).body;
    expect(new Date(a.deadlineAt ?? 0).getTime() - new Date(a.serverNow).getTime()).toBeGreaterThan(
      290_000,
    );
    await q(`update quiz_attempts set deadline_at = now() - interval '29 seconds' where id = $1`, [
      a.id,
    ]);
    await ok('PUT', `/quiz-attempt/${a.id}/responses`, 'student', {
      seq: 1,
      page: 0,
      responses: [{ slot: 0, response: { value: true } }],
    });
    await q(`update quiz_attempts set deadline_at = now() - interval '31 seconds' where id = $1`, [
      a.id,
    ]);
    const late = await call('PUT', `/quiz-attempt/${a.id}/responses`, 'student', {
      seq: 2,
      page: 0,
      responses: [{ slot: 0, response: { value: false } }],
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('QUIZ_TIME_UP');
    expect(late.body.detail).toMatch(
      /^Time is up: your answers saved until \d\d:\d\d were handed in\.$/,
    );
    const [row] = await q(
      `select status, finished_by, total_points::float as p from quiz_attempts where id = $1`,
      [a.id],
    );
    // The answer saved within the grace counts.
    expect(row).toEqual({ status: 'finished', finished_by: 'timeout', p: 1 });
  });

  it('the sweep finishes an abandoned attempt; without workers a read does', async () => {
    const b = (await start(timed, 'student_2')).body;
    await q(`update quiz_attempts set deadline_at = now() - interval '2 minutes' where id = $1`, [
      b.id,
    ]);
    expect(await finishOverdue(t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await q(`select status, finished_by from quiz_attempts where id = $1`, [b.id]);
    expect(row).toEqual({ status: 'finished', finished_by: 'timeout' });
    // Lazily: the learner's card finishes an overdue attempt before it answers.
    await q(`update quiz_sessions set attempts_allowed = null where item_id = $1`, [timed]);
    const c = (await start(timed, 'student_2')).body;
    await q(`update quiz_attempts set deadline_at = now() - interval '2 minutes' where id = $1`, [
      c.id,
    ]);
    const card = await ok<MyQuiz>('GET', `/quiz/${timed}/my-quiz`, 'student_2');
    expect(card.inProgress).toBeNull();
    expect(card.attempts.map((x) => x.finishedBy)).toEqual(['timeout', 'timeout']);
  });
});

describe('sessions and review', () => {
  it('refuses before the opening and after the close, with the dates', async () => {
    const later = await makeQuiz(
      'Later',
      [{ type: 'fixed', questionId: questions.true_false?.id, points: 1 }],
      { opensAt: '2099-03-12T09:00:00.000Z' },
    );
    const early = await start(later);
    expect(early.body).toMatchObject({
      code: 'QUIZ_NOT_OPEN',
      detail: 'This quiz opens on 12 Mar 2099 at 09:00 UTC.',
    });
    const card = await ok<MyQuiz>('GET', `/quiz/${later}/my-quiz`, 'student');
    expect(card.refusal?.code).toBe('QUIZ_NOT_OPEN');
    await q(
      `update quiz_sessions set opens_at = null, closes_at = '2020-01-02T10:00:00Z' where item_id = $1`,
      [later],
    );
    expect((await start(later)).body).toMatchObject({ code: 'QUIZ_CLOSED' });
  });

  it('shows marks after the close only, then releases the grade', async () => {
    const held = await makeQuiz(
      'Held back',
      [{ type: 'fixed', questionId: questions.true_false?.id, points: 4 }],
      { review: { marks: 'after_close', answers: 'after_close' } },
    );
    const a = (await start(held)).body;
    const done = await ok<FinishResult>('POST', `/quiz-attempt/${a.id}/finish`, 'student', {
      seq: 1,
      responses: [{ slot: 0, response: { value: true } }],
    });
    expect(done.marks).toBeNull();
    const before = await ok<AttemptReview>('GET', `/quiz-attempt/${a.id}/review`, 'student');
    expect(before).toMatchObject({ marksShown: false, answersShown: false, questions: [] });
    const [none] = await q(`select count(*)::int as n from grades where item_id = $1`, [held]);
    expect(none).toEqual({ n: 0 });
    const s = (await ok<QuizSessions>('GET', `/quiz/${held}/sessions`, 'lead_faculty'))
      .items[0] as QuizSession;
    await ok('POST', `/quiz-session/${s.id}/close`, 'lead_faculty', { version: s.version });
    expect(await releaseClosed(t.database.db)).toBe(1);
    const after = await ok<AttemptReview>('GET', `/quiz-attempt/${a.id}/review`, 'student');
    expect(after).toMatchObject({ marksShown: true, answersShown: true });
    expect(after.questions[0]).toMatchObject({
      awardedPoints: 4,
      state: 'correct',
      data: { correct: true },
    });
    const [grade] = await q(
      `select points::float as p, is_published from grades where item_id = $1`,
      [held],
    );
    expect(grade).toEqual({ p: 4, is_published: true });
  });

  it('a class session replaces the item-wide one for its class', async () => {
    const perClass = await makeQuiz('Per class', [
      { type: 'fixed', questionId: questions.true_false?.id, points: 1 },
    ]);
    const s = await ok<QuizSession>('POST', `/quiz/${perClass}/sessions`, 'lead_faculty', {
      ...session({ classId: f.k1, opensAt: '2099-01-01T08:00:00.000Z' }),
    });
    expect(s.className).toBe('K1');
    expect((await start(perClass)).body.code).toBe('QUIZ_NOT_OPEN');
    expect((await start(perClass, 'student_2')).status).toBe(200);
    // A teacher of K2 cannot edit K1's session.
    expect(
      (
        await call('PATCH', `/quiz-session/${s.id}`, 'facilitator_2', {
          ...session(),
          version: s.version,
        })
      ).status,
    ).toBe(403);
  });
});

describe('sequential navigation', () => {
  it('goes forward only: a slot on an earlier page is refused', async () => {
    const seq = await makeQuiz(
      'Forward only',
      [
        { type: 'fixed', questionId: questions.true_false?.id, points: 1 },
        { type: 'fixed', questionId: questions.numeric?.id, points: 1 },
      ],
      {},
      { navigation: 'sequential', questionsPerPage: 1, shuffleQuestions: false },
    );
    const a = (await start(seq)).body;
    await ok('PUT', `/quiz-attempt/${a.id}/responses`, 'student', {
      seq: 1,
      page: 1,
      responses: [{ slot: 0, response: { value: true } }],
    });
    const back = await call('PUT', `/quiz-attempt/${a.id}/responses`, 'student', {
      seq: 2,
      page: 1,
      responses: [{ slot: 0, response: { value: false } }],
    });
    expect(back.body).toMatchObject({
      code: 'QUIZ_SEQUENTIAL',
      detail: 'This quiz goes forward only.',
    });
    expect(back.status).toBe(409);
  });
});

describe('essays', () => {
  it('go to the grading queue; marks make the draft grade', async () => {
    const essayQuiz = await makeQuiz(
      'Essay quiz',
      [
        { type: 'fixed', questionId: questions.essay?.id, points: 10 },
        { type: 'fixed', questionId: questions.true_false?.id, points: 2 },
      ],
      {},
      { shuffleQuestions: false },
    );
    const a = (await start(essayQuiz)).body;
    const short = await call('POST', `/quiz-attempt/${a.id}/finish`, 'student', {
      seq: 1,
      responses: [{ slot: 0, response: { text: 'Too short.' } }],
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toContain('Not enough words.');
    const done = await ok<FinishResult>('POST', `/quiz-attempt/${a.id}/finish`, 'student', {
      seq: 2,
      responses: [
        { slot: 0, response: rightResponse(questions.essay as Question) },
        { slot: 1, response: { value: true } },
      ],
    });
    expect(done).toMatchObject({ needsManual: true, marks: { points: null } });
    const [sub] = await q(`select status from submissions where id = $1`, [done.submissionId]);
    expect(sub).toEqual({ status: 'submitted' });
    const [noGrade] = await q(`select count(*)::int as n from grades where item_id = $1`, [
      essayQuiz,
    ]);
    expect(noGrade).toEqual({ n: 0 });
    const view = await ok<StaffAttempt>('GET', `/submission/${done.submissionId}/quiz`, 'faculty');
    expect(view.questions[0]).toMatchObject({
      kind: 'essay',
      state: 'needs_grading',
      awardedPoints: null,
    });
    expect(view.questions[1]).toMatchObject({ awardedPoints: 2 });
    const over = await call('PUT', `/quiz-attempt/${a.id}/marks`, 'faculty', {
      marks: [{ slot: 0, points: 11 }],
    });
    expect(over.status).toBe(400);
    const notEssay = await call('PUT', `/quiz-attempt/${a.id}/marks`, 'faculty', {
      marks: [{ slot: 1, points: 1 }],
    });
    expect(notEssay.status).toBe(400);
    const marked = await ok<StaffAttempt>('PUT', `/quiz-attempt/${a.id}/marks`, 'faculty', {
      marks: [{ slot: 0, points: 7.5, comment: 'Good, but name the sugar.' }],
    });
    expect(marked.attempt.totalPoints).toBe(9.5);
    const [grade] = await q(
      `select points::float as p, is_published, graded_by from grades where item_id = $1`,
      [essayQuiz],
    );
    expect(grade).toEqual({ p: 9.5, is_published: false, graded_by: f.user.faculty });
    // A student reaches none of it.
    expect((await call('GET', `/submission/${done.submissionId}/quiz`, 'student')).status).toBe(
      403,
    );
    // Part 1's pages carry the quiz: the queue, the grade page, the grade book, the unit page.
    const queue = await ok<{ items: { submissionId: number }[] }>(
      'GET',
      `/course/${f.courseId}/grading-queue`,
      'faculty',
    );
    expect(queue.items.some((x) => x.submissionId === done.submissionId)).toBe(true);
    await ok('GET', `/submission/${done.submissionId}`, 'faculty');
    await ok('GET', `/course/${f.courseId}/grade-book`, 'faculty');
    await ok('GET', `/unit/${f.unitId}`, 'student');
    await ok('GET', `/unit/${f.unitId}`, 'lead_faculty');
  });
});

describe('allowed offline', () => {
  it('takes a whole attempt made within the window, and refuses one outside it', async () => {
    const offline = await makeQuiz(
      'Offline quiz',
      [{ type: 'fixed', questionId: questions.true_false?.id, points: 1 }],
      {
        allowedOffline: true,
        opensAt: '2026-01-01T00:00:00.000Z',
        closesAt: '2026-12-31T00:00:00.000Z',
      },
    );
    const [student] = await q(`select jwl_id from users where username = 'student_2'`);
    const auth = await authOf('student_2');
    const inWindow = await applyOfflineAttempt(
      t.database.db,
      auth,
      {
        itemId: offline,
        studentId: (student as { jwl_id: number }).jwl_id,
        clientId: randomUUID(),
        clientStartedAt: new Date('2026-11-20T10:00:00Z'),
        clientFinishedAt: new Date('2026-11-20T10:20:00Z'),
        responses: [{ slot: 0, response: { value: true } }],
      },
      new Date('2026-11-25T00:00:00Z'),
    );
    expect(inWindow).toMatchObject({
      status: 'finished',
      finishedBy: 'sync',
      marks: { points: 1 },
    });
    await expect(
      applyOfflineAttempt(t.database.db, auth, {
        itemId: offline,
        studentId: (student as { jwl_id: number }).jwl_id,
        clientId: randomUUID(),
        clientStartedAt: new Date('2025-12-31T23:00:00Z'),
        clientFinishedAt: new Date('2026-01-01T00:30:00Z'),
        responses: [],
      }),
    ).rejects.toMatchObject({ code: 'QUIZ_CLOSED' });
  });
});

/** The auth context of a demo user, for service calls. */
async function authOf(username: string) {
  const [u] = await q(`select jwl_id, username from users where username = $1`, [username]);
  const rights = await q(
    `select distinct rr.right_key from user_roles ur join role_rights rr on rr.role_key = ur.role_key where ur.user_id = $1`,
    [(u as { jwl_id: number }).jwl_id],
  );
  const principal = {
    jwlId: (u as { jwl_id: number }).jwl_id,
    systemRole: null,
    employeeType: null,
  } as never;
  return {
    sessionId: 'test',
    user: principal,
    realUser: principal,
    impersonating: false,
    rights: new Set(rights.map((r) => (r as { right_key: string }).right_key)),
    clcIds: [],
    clcNarrowed: false,
    ip: '127.0.0.1',
  };
}

describe('banks in use, analysis and copies', () => {
  it('a bank a quiz uses cannot be removed', async () => {
    const del = await call(
      'DELETE',
      `/question-bank/${bank.id}?version=${String(bank.version)}`,
      'lead_faculty',
    );
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({
      code: 'IN_USE',
      detail: 'This question bank is used by the quiz “Plants quiz”: remove it there first.',
    });
  });

  it('analyses the finished attempts per question, and exports them', async () => {
    const a = await ok<QuizAnalysis>('GET', `/quiz/${autoQuiz}/analysis`, 'lead_faculty');
    expect(a.attemptsCounted).toBe(3);
    const tf = a.rows.find((r) => r.kind === 'true_false');
    // Right in the first two attempts, unanswered in the third.
    expect(tf).toMatchObject({ attempts: 3, facility: 66.7, tooFew: true });
    const single = a.rows.find((r) => r.kind === 'single');
    expect(single?.choices?.map((c) => c.share)).toEqual([33.3, 0]);
    const res = await t.app.inject({
      method: 'GET',
      url: `${LMS}/quiz/${autoQuiz}/analysis/export`,
      headers: h.lead_faculty,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Facility (%)');
    expect((await call('GET', `/quiz/${autoQuiz}/analysis`, 'student')).status).toBe(403);
  });

  it('copies banks with a course and remaps the quizzes’ slots', async () => {
    const [course] = await q(
      `insert into programme_courses (programme_id, code, title, units, position) values ($1, 'TT2', 'Copy', 1, 2) returning id`,
      [f.programmeId],
    );
    const to = (course as { id: number }).id;
    const [unit] = await q(
      `insert into learning_units (course_id, title) values ($1, 'U') returning id`,
      [to],
    );
    const [item] = await q(
      `insert into learning_items (unit_id, course_id, kind, title, settings, delivery, max_points, copied_from_item_id)
       select $1, $2, kind, title, settings, delivery, max_points, id from learning_items where id = $3 returning id`,
      [(unit as { id: number }).id, to, autoQuiz],
    );
    const newItem = (item as { id: number }).id;
    await t.database.db.transaction((tx) => copyQuestionBanks(tx, f.courseId, to, [newItem]));
    const [copied] = await q(
      `select (select count(*)::int from questions where course_id = $1) as qs,
              (select count(*)::int from quiz_sessions where item_id = $2) as sessions,
              (select bool_and(exists (select 1 from questions x where x.id = (s->>'questionId')::int and x.course_id = $1))
                 from learning_items i, jsonb_array_elements(i.settings->'slots') s where i.id = $2) as remapped`,
      [to, newItem],
    );
    expect(copied).toEqual({ qs: 7, sessions: 1, remapped: true });
  });
});
