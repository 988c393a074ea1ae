import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Context, Scenario } from '../lib/context';
import { PRINCIPAL_SQL } from '../lib/db';
import { quantile, startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, result, type Result } from '../lib/report';

// Training commit ingest (decision 0020 §9, `wbt-commits-postgres`): 500 learners with a launched
// attempt each; `POST …/wbt-attempt/:id/commits`, one commit of 12 elements (the summary
// included) per request. Closed loop, 20 connections, 10 s: commits/s; open loop at 250/s for
// 30 s: p95 from the scheduled time. 5 % of commits are sent twice and 5 % swapped with the
// next; at the end every attempt's values must equal the highest (launch, seq) per element the
// generator made. Floor: the principal lookup and a bare multi-row insert of the same rows on a
// `pg` Pool of 10 from 20 loops.

const LEARNERS = 500;
const PROGRAMME = 2;
const COURSE = 4;
const CLIENTS = 20;
const CLOSED_SECONDS = 10;
const OPEN_RATE = 250;
const OPEN_SECONDS = 30;
const P95_LIMIT_MS = 25;
const RATE_TARGET = 500;

type Learner = {
  userId: number;
  sessionId: string;
  token: string;
  attemptId: number;
  seq: number;
  /** The values the highest commit so far gave each element. */
  expected: Map<string, string>;
};

type Commit = { launchNo: number; seq: number; sco: number; values: Record<string, string> };

function sign(secret: string, payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The learner's next commit: 12 elements as a SCORM 1.2 runtime reports them. */
function nextCommit(learner: Learner): Commit {
  learner.seq += 1;
  const seq = learner.seq;
  const question = seq % 20;
  const values: Record<string, string> = {
    'cmi.core.lesson_status': 'incomplete',
    // The score moves now and then, so a SCO's state is worked out again sometimes.
    'cmi.core.score.raw': String(Math.min(100, Math.floor(seq / 10) * 5)),
    'cmi.core.score.min': '0',
    'cmi.core.score.max': '100',
    'cmi.core.lesson_location': `page-${String(seq)}`,
    'cmi.suspend_data': `${randomBytes(60).toString('base64')}|${String(seq)}`,
    'cmi.core.session_time': '00:05:00',
    [`cmi.interactions.${String(question)}.id`]: `q${String(question)}`,
    [`cmi.interactions.${String(question)}.type`]: 'choice',
    [`cmi.interactions.${String(question)}.student_response`]: String(seq % 4),
    [`cmi.interactions.${String(question)}.result`]: seq % 3 === 0 ? 'wrong' : 'correct',
    [`cmi.interactions.${String(question)}.latency`]: '00:00:12',
  };
  for (const [name, value] of Object.entries(values)) learner.expected.set(name, value);
  return { launchNo: 1, seq, sco: 0, values };
}

async function prepare(people: PeopleApp): Promise<Learner[]> {
  const db = people.floor;
  const students = await db.query<{ id: number }>(
    `select u.jwl_id as id from users u
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
      where u.status = 'active'
        and not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
      order by u.jwl_id limit ${String(LEARNERS)}`,
  );
  if (students.length < LEARNERS) throw new Error(`Only ${String(students.length)} students.`);
  const ids = students.map((s) => s.id);
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u), 'active'
     from unnest($2::int[]) as u`,
    [PROGRAMME, ids],
  );
  const [file] = await db.query<{ id: string }>(
    `insert into files (owner_id, kind, mime, size, sha256, storage_key)
     values (null, 'wbt-package', 'application/zip', 1000, $1, $2) returning id`,
    [randomBytes(32).toString('hex'), randomBytes(16).toString('hex')],
  );
  const [pkg] = await db.query<{ id: number }>(
    `insert into wbt_packages (course_id, file_id, standard, title, scos, entries, unpacked_bytes, sha256)
     values ($1, $2, 'scorm12', 'Bench training',
       '[{"index":0,"identifier":"S1","title":"Step 1","href":"step1.html","parameters":""}]',
       2, 1000, $3) returning id`,
    [COURSE, file?.id, randomBytes(32).toString('hex')],
  );
  const [unit] = await db.query<{ id: number }>(
    `insert into learning_units (course_id, title, status, published_at)
     values ($1, 'Bench trainings', 'published', now()) returning id`,
    [COURSE],
  );
  const [item] = await db.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, published_at,
       delivery, max_points, grading, position)
     values ($1, $2, 'wbt', 'Bench training', $3::jsonb, true, now(), 'online', 10, 'points', 1)
     returning id`,
    [unit?.id, COURSE, JSON.stringify({ packageId: pkg?.id, gradeFrom: 'score' })],
  );
  // Each learner has launched the training once (tokens and launches made before timing).
  const attempts = await db.query<{ id: string; student_id: number }>(
    `insert into wbt_attempts (item_id, package_id, student_id, course_id, attempt, last_launch_no)
     select $1, $2, u, $3, 1, 1 from unnest($4::int[]) u returning id, student_id`,
    [item?.id, pkg?.id, COURSE, ids],
  );
  await db.query(
    `insert into wbt_launches (attempt_id, launch_no, mode) select id, 1, 'normal' from wbt_attempts
     where item_id = $1`,
    [item?.id],
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
  const attemptOf = new Map(attempts.map((a) => [a.student_id, Number(a.id)]));
  const now = Math.floor(Date.now() / 1000);
  return sessions.map((s) => ({
    userId: s.user_id,
    sessionId: s.id,
    token: sign(secret?.value ?? '', { sub: s.user_id, sid: s.id, iat: now, exp: now + 7200 }),
    attemptId: attemptOf.get(s.user_id) ?? 0,
    seq: 0,
    expected: new Map(),
  }));
}

function post(url: URL, agent: http.Agent, learner: Learner, commit: Commit): Promise<boolean> {
  const body = JSON.stringify({ commits: [commit] });
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/en/lms/wbt-attempt/${String(learner.attemptId)}/commits`,
        agent,
        headers: {
          authorization: `Bearer ${learner.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
      },
    );
    request.on('error', () => resolve(false));
    request.end(body);
  });
}

/**
 * The commits one learner sends next, as a flaky link delivers them: usually one; 5 % of the
 * time the same one twice; 5 % of the time two, the later first.
 */
function nextDelivery(learner: Learner, roll: number): Commit[] {
  const first = nextCommit(learner);
  if (roll < 0.05) return [first, first];
  if (roll < 0.1) {
    const second = nextCommit(learner);
    return [second, first];
  }
  return [first];
}

type Counts = { sent: number; failures: number };

async function closedLoop(url: URL, agent: http.Agent, learners: Learner[], counts: Counts) {
  let turn = 0;
  const started = performance.now();
  const until = started + CLOSED_SECONDS * 1000;
  const busy = new Set<Learner>();
  const client = async () => {
    while (performance.now() < until) {
      // One request at a time per learner, as one tab's relay sends them.
      let learner = learners[turn % learners.length];
      turn += 1;
      while (learner && busy.has(learner)) {
        learner = learners[turn % learners.length];
        turn += 1;
      }
      if (!learner) return;
      busy.add(learner);
      for (const commit of nextDelivery(learner, Math.random())) {
        counts.sent += 1;
        if (!(await post(url, agent, learner, commit))) counts.failures += 1;
      }
      busy.delete(learner);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return (performance.now() - started) / 1000;
}

async function openLoop(url: URL, agent: http.Agent, learners: Learner[], counts: Counts) {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = OPEN_RATE * OPEN_SECONDS;
  for (let k = 0; k < total; k += 1) {
    const due = started + (k * 1000) / OPEN_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const learner = learners[k % learners.length];
    if (!learner) continue;
    const commit = nextCommit(learner);
    counts.sent += 1;
    pending.push(
      post(url, agent, learner, commit).then((ok) => {
        if (ok) latencies.push(performance.now() - due);
        else counts.failures += 1;
      }),
    );
  }
  await Promise.all(pending);
  return latencies;
}

/** The floor: the principal lookup and a bare insert of one commit's 12 rows, from 20 loops. */
async function floorRate(
  people: PeopleApp,
  learners: Learner[],
): Promise<{ rate: number; p95: number }> {
  const db = people.floor;
  const [element] = await db.query<{ id: number }>(
    `select id from wbt_elements where name = 'cmi.suspend_data'`,
  );
  const elementIds = await db.query<{ id: number }>(
    `select id from wbt_elements order by id limit 12`,
  );
  const ids = elementIds.map((e) => e.id);
  if (ids.length < 12 || !element) throw new Error('The app stored too few elements.');
  await db.exec(`create table if not exists bench_wbt_values (like wbt_values including defaults)`);
  let done = 0;
  let seq = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + CLOSED_SECONDS * 1000;
  let turn = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const learner = learners[turn % learners.length];
      turn += 1;
      if (!learner) return;
      seq += 1;
      const sent = performance.now();
      await db.query(PRINCIPAL_SQL, [learner.sessionId, learner.userId]);
      await db.query(
        `insert into bench_wbt_values (attempt_id, sco, element_id, value, launch_no, seq)
         select $1, 0, e, $2, 1, $3 from unnest($4::int[]) e`,
        [learner.attemptId, randomBytes(60).toString('base64'), seq, ids],
      );
      latencies.push(performance.now() - sent);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  const seconds = (performance.now() - started) / 1000;
  await db.exec('drop table bench_wbt_values');
  return { rate: done / seconds, p95: quantile(latencies, 0.95) };
}

/** Stored values that are missing, or not the highest commit's, against the generator's. */
async function check(people: PeopleApp, learners: Learner[]) {
  const stored = await people.floor.query<{ attempt_id: string; name: string; value: string }>(
    `select v.attempt_id, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
     where v.attempt_id = any($1::bigint[])`,
    [learners.map((l) => l.attemptId)],
  );
  const byKey = new Map(stored.map((s) => [`${s.attempt_id}|${s.name}`, s.value]));
  let lost = 0;
  let reordered = 0;
  let expected = 0;
  for (const learner of learners)
    for (const [name, value] of learner.expected) {
      expected += 1;
      const found = byKey.get(`${String(learner.attemptId)}|${name}`);
      if (found === undefined) lost += 1;
      else if (found !== value) reordered += 1;
    }
  return { lost, reordered, expected };
}

export const wbtCommits: Scenario = {
  name: 'wbt-commits-postgres',
  summary: `training commits on PostgreSQL: ${String(LEARNERS)} learners, closed loop of ${String(CLIENTS)} for ${String(CLOSED_SECONDS)} s (commits/s; floor: the principal lookup and a bare insert of the same rows), open loop ${String(OPEN_RATE)}/s for ${String(OPEN_SECONDS)} s (p95), 5 % repeated and 5 % swapped: 0 lost or reordered`,
  run: async (context: Context): Promise<Result[]> => {
    const people = await startAppWithStudents(
      context,
      'postgres',
      // No content listener is needed to take commits.
      { LANTERN_WORKERS: '0', CONTENT_PORT: '0' },
      LEARNERS + 200,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    try {
      const learners = await prepare(people);
      const url = new URL(people.app.url);
      const counts: Counts = { sent: 0, failures: 0 };
      // A warm-up: each learner's first commit (element names, connections).
      for (let i = 0; i < learners.length; i += CLIENTS)
        await Promise.all(
          learners.slice(i, i + CLIENTS).map(async (l) => {
            counts.sent += 1;
            if (!(await post(url, agent, l, nextCommit(l)))) counts.failures += 1;
          }),
        );
      const before = counts.sent;
      const closedSeconds = await closedLoop(url, agent, learners, counts);
      const rate = (counts.sent - before) / closedSeconds;
      const measured = await floorRate(people, learners);
      const floor = measured.rate;
      log(
        `  closed loop: ${(counts.sent - before).toFixed(0)} commits in ${closedSeconds.toFixed(1)} s = ${rate.toFixed(0)}/s; floor ${floor.toFixed(0)}/s (p95 ${measured.p95.toFixed(1)} ms)`,
      );
      const latencies = await openLoop(url, agent, learners, counts);
      const p95 = quantile(latencies, 0.95);
      log(
        `  open loop ${String(OPEN_RATE)}/s: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`,
      );
      const checked = await check(people, learners);
      log(
        `  check: ${String(checked.expected)} values, ${String(checked.lost)} lost, ${String(checked.reordered)} reordered, ${String(counts.failures)} errors of ${String(counts.sent)} requests`,
      );
      return [
        result({
          scenario: 'wbt-commits-postgres',
          name: 'wbt-commits-rate',
          unit: 'commits/s',
          value: rate,
          floor,
          target: { on: 'value', op: '>=', limit: RATE_TARGET },
          detail: { seconds: closedSeconds, clients: CLIENTS },
        }),
        result({
          scenario: 'wbt-commits-postgres',
          name: 'wbt-commits-vs-floor',
          unit: 'commits/s',
          value: rate,
          floor,
          target: { on: 'ratio', op: '>=', limit: 0.5 },
          detail: { floorP95: measured.p95 },
        }),
        result({
          scenario: 'wbt-commits-postgres',
          name: 'wbt-commits-p95',
          unit: 'ms',
          value: p95,
          // The bare statements' p95 under the closed loop's 20 loops.
          floor: measured.p95,
          target: { on: 'value', op: '<=', limit: P95_LIMIT_MS },
          detail: {
            rate: OPEN_RATE,
            seconds: OPEN_SECONDS,
            p50: quantile(latencies, 0.5),
            p99: quantile(latencies, 0.99),
            answered: latencies.length,
          },
        }),
        result({
          scenario: 'wbt-commits-postgres',
          name: 'wbt-commits-correct',
          unit: 'lost + reordered + errors',
          value: checked.lost + checked.reordered + counts.failures,
          floor: 0,
          target: { on: 'value', op: '<=', limit: 0 },
          detail: { ...checked, errors: counts.failures, requests: counts.sent },
        }),
      ];
    } finally {
      agent.destroy();
      await people.close();
    }
  },
};
