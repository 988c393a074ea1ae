import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Context, Scenario } from '../lib/context';
import { PRINCIPAL_SQL } from '../lib/db';
import { quantile, startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, result, type Result } from '../lib/report';

// The quiz start storm (issue 16, decision 0020 §9): one app process on PostgreSQL (with its job
// workers), 3,000 learners of one course and a 20-question quiz drawn from a bank of 200 with a
// 30-minute limit. Open loop: 50 starts a second for 60 s; every started attempt autosaves 1–3
// changed answers every 30 s on its own jittered schedule until 60 s after the last start.
// Latencies count from when a request was due, so a server that falls behind shows it.

const STUDENTS = 3000;
const START_RATE = 50;
const BANK_SIZE = 200;
const DRAWN = 20;
const AUTOSAVE_EVERY_MS = 30_000;
const TAIL_MS = 60_000;
/** The programme and course of the demo data the students learn in (running, BUS101). */
const PROGRAMME = 2;
const COURSE = 4;
const SOCKETS = 128;
const TIMEOUT_MS = 10_000;
/** Learners kept out of the storm for the floor's inserts. */
const FLOOR_STUDENTS = 200;

type Learner = { userId: number; sid: string; token: string };

function sign(secret: string, payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Enrols the learners, writes the bank, its questions and versions, the quiz and its session. */
async function prepare(people: PeopleApp): Promise<{ learners: Learner[]; itemId: number }> {
  const db = people.floor;
  const students = await db.query<{ id: number }>(
    `select u.jwl_id as id from users u
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
      where u.status = 'active'
        and not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
      order by u.jwl_id limit ${String(STUDENTS + FLOOR_STUDENTS)}`,
  );
  if (students.length < STUDENTS + FLOOR_STUDENTS)
    throw new Error(`Only ${String(students.length)} students.`);
  const ids = students.map((s) => s.id);
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u), 'active'
     from unnest($2::int[]) as u`,
    [PROGRAMME, ids],
  );
  const [bank] = await db.query<{ id: number }>(
    `insert into question_banks (course_id, title) values ($1, 'Storm bank') returning id`,
    [COURSE],
  );
  const bankId = bank?.id ?? 0;
  await db.query(
    `with q as (
       insert into questions (bank_id, course_id, kind, title, prompt, data)
       select $1, $2, 'single', 'Question ' || n, '<p>Which one is right (' || n || ')?</p>',
         jsonb_build_object('choices', jsonb_build_array(
           jsonb_build_object('id', 'a', 'text', 'First', 'fraction', 1, 'feedback', ''),
           jsonb_build_object('id', 'b', 'text', 'Second', 'fraction', 0, 'feedback', ''),
           jsonb_build_object('id', 'c', 'text', 'Third', 'fraction', 0, 'feedback', ''),
           jsonb_build_object('id', 'd', 'text', 'Fourth', 'fraction', 0, 'feedback', '')))
       from generate_series(1, $3::int) n returning *)
     insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback)
     select id, version, kind, title, prompt, data, general_feedback from q`,
    [bankId, COURSE, BANK_SIZE],
  );
  const [unit] = await db.query<{ id: number }>(
    `insert into learning_units (course_id, title, status, published_at)
     values ($1, 'Storm unit', 'published', now()) returning id`,
    [COURSE],
  );
  const settings = {
    slots: [{ type: 'random', bankId, count: DRAWN, pointsEach: 1 }],
    shuffleQuestions: false,
    shuffleAnswers: true,
    questionsPerPage: 5,
    navigation: 'free',
  };
  const [item] = await db.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, published_at,
       delivery, max_points, grading)
     values ($1, $2, 'quiz', 'Storm quiz', $3::jsonb, true, now(), 'online', $4, 'points') returning id`,
    [unit?.id, COURSE, JSON.stringify(settings), DRAWN],
  );
  const itemId = item?.id ?? 0;
  await db.query(
    `insert into quiz_sessions (item_id, class_id, time_limit_seconds, attempts_allowed, grading_method, review)
     values ($1, null, 1800, 1, 'highest', '{"marks":"immediately","answers":"after_close"}')`,
    [itemId],
  );
  const [secret] = await db.query<{ value: string }>(
    `select value from settings where key = 'jwt_secret'`,
  );
  const sessions = await db.query<{ id: string; user_id: number }>(
    `insert into sessions (user_id, active_role_key) select u, 'STUDENT' from unnest($1::int[]) u
     returning id, user_id`,
    [ids],
  );
  await db.exec('vacuum analyze');
  const now = Math.floor(Date.now() / 1000);
  return {
    itemId,
    learners: sessions.map((s) => ({
      userId: s.user_id,
      sid: s.id,
      token: sign(secret?.value ?? '', { sub: s.user_id, sid: s.id, iat: now, exp: now + 3600 }),
    })),
  };
}

type Answer = { status: number; body: string };

function send(
  url: URL,
  agent: http.Agent,
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  payload: unknown,
): Promise<Answer> {
  const data = JSON.stringify(payload);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: '' }));
    request.end(data);
  });
}

type Started = { id: number; token: string; slots: { slot: number; choices: string[] }[] };

type Storm = {
  starts: number[];
  autosaves: number[];
  startErrors: number;
  autosaveErrors: number;
  errorSamples: string[];
  seconds: number;
};

async function storm(
  url: URL,
  agent: http.Agent,
  learners: Learner[],
  itemId: number,
): Promise<Storm> {
  const starts: number[] = [];
  const autosaves: number[] = [];
  let startErrors = 0;
  let autosaveErrors = 0;
  const errorSamples: string[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const lastStartAt = t0 + ((learners.length - 1) * 1000) / START_RATE;
  const endAt = lastStartAt + TAIL_MS;
  const wait = (due: number) => {
    const ms = due - performance.now();
    return ms > 1 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  };

  const autosaveLoop = async (a: Started, firstDue: number) => {
    let seq = 0;
    for (let due = firstDue; due <= endAt; due += AUTOSAVE_EVERY_MS) {
      await wait(due);
      seq += 1;
      const n = 1 + Math.floor(Math.random() * 3);
      const responses = Array.from({ length: n }, () => {
        const s = a.slots[Math.floor(Math.random() * a.slots.length)] ?? {
          slot: 0,
          choices: ['a'],
        };
        const choiceId = s.choices[Math.floor(Math.random() * s.choices.length)] ?? null;
        return { slot: s.slot, response: { choiceId }, flagged: false };
      });
      // One response per slot in a save.
      const unique = [...new Map(responses.map((r) => [r.slot, r])).values()];
      const answer = await send(
        url,
        agent,
        'PUT',
        `/api/en/lms/quiz-attempt/${String(a.id)}/responses`,
        a.token,
        { seq, page: 0, responses: unique },
      );
      if (answer.status === 200) autosaves.push(performance.now() - due);
      else {
        autosaveErrors += 1;
        if (errorSamples.length < 5)
          errorSamples.push(`autosave ${String(answer.status)} ${answer.body.slice(0, 200)}`);
      }
    }
  };

  for (let k = 0; k < learners.length; k += 1) {
    const due = t0 + (k * 1000) / START_RATE;
    await wait(due);
    const learner = learners[k];
    if (!learner) continue;
    pending.push(
      (async () => {
        const answer = await send(
          url,
          agent,
          'POST',
          `/api/en/lms/quiz/${String(itemId)}/attempts`,
          learner.token,
          {
            clientId: randomUUID(),
          },
        );
        if (answer.status !== 200) {
          startErrors += 1;
          if (errorSamples.length < 5)
            errorSamples.push(`start ${String(answer.status)} ${answer.body.slice(0, 200)}`);
          return;
        }
        starts.push(performance.now() - due);
        const body = JSON.parse(answer.body) as {
          id: number;
          questions: { slot: number; view: { choices?: { id: string }[] } }[];
        };
        const started: Started = {
          id: body.id,
          token: learner.token,
          slots: body.questions.map((q) => ({
            slot: q.slot,
            choices: (q.view.choices ?? []).map((c) => c.id),
          })),
        };
        // The first autosave comes 2–30 s after the start (jittered), then every 30 s.
        await autosaveLoop(
          started,
          performance.now() + 2000 + Math.random() * (AUTOSAVE_EVERY_MS - 2000),
        );
      })(),
    );
  }
  await Promise.all(pending);
  return {
    starts,
    autosaves,
    startErrors,
    autosaveErrors,
    errorSamples,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** The floors: the start's SQL and the autosave's statement, bare on a pg Pool of 10. */
async function floors(people: PeopleApp, learners: Learner[], itemId: number) {
  const db = people.floor;
  const [attempt] = await db.query<{ id: string; layout: unknown }>(
    `select id, layout from quiz_attempts where item_id = $1 and status = 'in_progress' limit 1`,
    [itemId],
  );
  const startMs: number[] = [];
  const saveMs: number[] = [];
  const extra = learners.slice(STUDENTS);
  for (let k = 0; k < extra.length; k += 1) {
    const l = extra[k] as Learner;
    const t = performance.now();
    await db.query(PRINCIPAL_SQL, [l.sid, l.userId]);
    await db.query(
      `select s.*, o.extra_seconds, (select count(*)::int from quiz_attempts a where a.item_id = $1 and a.student_id = $2) as used
       from quiz_sessions s left join quiz_overrides o on o.session_id = s.id and o.student_id = $2
       where s.item_id = $1 and s.class_id is null limit 1`,
      [itemId, l.userId],
    );
    // The insert, undone in its transaction so that the storm's data stay as they were.
    await db.query(
      `with ins as (insert into quiz_attempts (client_id, item_id, session_id, student_id, course_id, attempt, layout, deadline_at, item_version)
         select gen_random_uuid(), $1, s.id, $2, $3, 99, $4::jsonb, now() + interval '30 minutes', 1
         from quiz_sessions s where s.item_id = $1 limit 1 returning id)
       delete from quiz_attempts where id in (select id from ins)`,
      [itemId, l.userId, COURSE, JSON.stringify(attempt?.layout ?? [])],
    );
    startMs.push(performance.now() - t);
  }
  for (let k = 0; k < 300; k += 1) {
    const t = performance.now();
    await db.query(
      `with att as (update quiz_attempts set last_seq = greatest(last_seq, $2), current_page = 0, updated_at = now()
          where id = $1 and status = 'in_progress' returning id)
       insert into quiz_responses (attempt_id, slot, response, saved_seq, saved_at, flagged)
       select att.id, r.slot, r.response, $2, now(), false from att,
         jsonb_to_recordset($3::jsonb) as r(slot smallint, response jsonb)
       on conflict (attempt_id, slot) do update set response = excluded.response, saved_seq = excluded.saved_seq,
         saved_at = excluded.saved_at where quiz_responses.saved_seq < excluded.saved_seq`,
      [attempt?.id, 1000 + k, JSON.stringify([{ slot: k % DRAWN, response: { choiceId: 'a' } }])],
    );
    saveMs.push(performance.now() - t);
  }
  return { startP95: quantile(startMs, 0.95), saveP95: quantile(saveMs, 0.95) };
}

export const quizStormScenario: Scenario = {
  name: 'quiz-storm',
  summary: `${String(STUDENTS)} quiz starts at ${String(START_RATE)}/s (open loop) on PostgreSQL while started attempts autosave every 30 s: start p95 ≤ 500 ms, autosave p95 ≤ 100 ms, 0 errors (floors: the bare SQL on a pg Pool)`,
  run: async (context: Context): Promise<Result[]> => {
    const people = await startAppWithStudents(
      context,
      'postgres',
      {},
      STUDENTS + FLOOR_STUDENTS + 200,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
    try {
      const { learners, itemId } = await prepare(people);
      const url = new URL(people.app.url);
      log(
        `  ${String(STUDENTS)} learners, quiz ${String(itemId)}; storm of ${String(STUDENTS / START_RATE)} s + ${String(TAIL_MS / 1000)} s of autosaves`,
      );
      const s = await storm(url, agent, learners.slice(0, STUDENTS), itemId);
      const startP95 = quantile(s.starts, 0.95);
      const saveP95 = quantile(s.autosaves, 0.95);
      log(
        `  starts: ${String(s.starts.length)} ok, p50 ${quantile(s.starts, 0.5).toFixed(1)} ms, p95 ${startP95.toFixed(1)} ms, p99 ${quantile(s.starts, 0.99).toFixed(1)} ms, ${String(s.startErrors)} errors`,
      );
      log(
        `  autosaves: ${String(s.autosaves.length)} ok, p50 ${quantile(s.autosaves, 0.5).toFixed(1)} ms, p95 ${saveP95.toFixed(1)} ms, p99 ${quantile(s.autosaves, 0.99).toFixed(1)} ms, ${String(s.autosaveErrors)} errors`,
      );
      for (const e of s.errorSamples) log(`  ${e}`);
      const floor = await floors(people, learners, itemId);
      const errors = s.startErrors + s.autosaveErrors;
      return [
        result({
          scenario: 'quiz-storm',
          name: 'quiz-start-p95',
          unit: 'ms',
          value: startP95,
          floor: floor.startP95,
          target: { on: 'value', op: '<=', limit: 500 },
          detail: {
            starts: s.starts.length,
            errors: s.startErrors,
            p50: quantile(s.starts, 0.5),
            p99: quantile(s.starts, 0.99),
          },
        }),
        result({
          scenario: 'quiz-storm',
          name: 'quiz-autosave-p95',
          unit: 'ms',
          value: saveP95,
          floor: floor.saveP95,
          target: { on: 'value', op: '<=', limit: 100 },
          detail: {
            autosaves: s.autosaves.length,
            errors: s.autosaveErrors,
            p50: quantile(s.autosaves, 0.5),
            p99: quantile(s.autosaves, 0.99),
          },
        }),
        result({
          scenario: 'quiz-storm',
          name: 'quiz-storm-errors',
          unit: 'errors',
          value: errors,
          floor: 0,
          target: { on: 'value', op: '<=', limit: 0 },
          detail: { samples: s.errorSamples, seconds: s.seconds },
        }),
      ];
    } finally {
      agent.destroy();
      await people.close();
    }
  },
};
