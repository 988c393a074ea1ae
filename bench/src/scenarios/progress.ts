import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { Context, Scenario } from '../lib/context';
import { quantile, startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, result, type Result } from '../lib/report';

// Progress under load (issue 15): 1,000 simulated students each completing an item every 10 s
// (an open loop of 100 events/s, each `PUT /api/en/lms/item/:id/done`) for 60 s on PostgreSQL;
// then the rate is raised step by step and the highest rate whose p95 stays ≤ 100 ms is the
// peak; afterwards every progress figure must equal a recount from item_progress.

const STUDENTS = 1000;
/** The programme and course of the demo data the students learn in (running, BUS101). */
const PROGRAMME = 2;
const COURSE = 4;
const ITEMS = 400;
const BASE_RATE = 100;
const BASE_SECONDS = 60;
const STEP_RATES = [200, 400, 800, 1600];
const STEP_SECONDS = 15;
const P95_LIMIT_MS = 100;
/** Concurrent connections the simulated devices share (an open loop sends whatever is due). */
const SOCKETS = 64;

type Session = { userId: number; token: string; next: number };

function sign(secret: string, payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Enrols the generated students in the programme and makes a published unit of resources. */
async function prepare(people: PeopleApp): Promise<{ sessions: Session[]; items: number[] }> {
  const db = people.floor;
  const students = await db.query<{ id: number }>(
    `select u.jwl_id as id from users u
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
      where u.status = 'active'
        and not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
      order by u.jwl_id limit ${String(STUDENTS)}`,
  );
  if (students.length < STUDENTS) throw new Error(`Only ${String(students.length)} students.`);
  const ids = students.map((s) => s.id);
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u), 'active'
     from unnest($2::int[]) as u`,
    [PROGRAMME, ids],
  );
  const [unit] = await db.query<{ id: number }>(
    `insert into learning_units (course_id, title, status, published_at)
     values ($1, 'Bench unit', 'published', now()) returning id`,
    [COURSE],
  );
  const items = await db.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, published_at, position)
     select $1, $2, 'resource', 'Reading ' || n, '{"format":"text"}', true, now(), n
     from generate_series(1, $3::int) n returning id`,
    [unit?.id, COURSE, ITEMS],
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
    sessions: sessions.map((s) => ({
      userId: s.user_id,
      token: sign(secret?.value ?? '', { sub: s.user_id, sid: s.id, iat: now, exp: now + 3600 }),
      next: 0,
    })),
    items: items.map((i) => i.id),
  };
}

type Phase = { rate: number; latencies: number[]; failures: number; sent: number; ms: number };

/**
 * An open loop: event k is due at start + k / rate whatever the answers before it, and its
 * latency counts from when it was due, so a server that falls behind shows it.
 */
async function runPhase(
  url: URL,
  agent: http.Agent,
  sessions: Session[],
  items: number[],
  rate: number,
  seconds: number,
): Promise<Phase> {
  const total = rate * seconds;
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; k < total; k += 1) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const session = sessions[k % sessions.length];
    if (!session) continue;
    const item = items[session.next % items.length];
    session.next += 1;
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: 'PUT',
            path: `/api/en/lms/item/${String(item)}/done`,
            agent,
            headers: { authorization: `Bearer ${session.token}` },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) latencies.push(performance.now() - due);
              else failures += 1;
              resolve();
            });
          },
        );
        request.on('error', () => {
          failures += 1;
          resolve();
        });
        request.end();
      }),
    );
  }
  await Promise.all(pending);
  return { rate, latencies, failures, sent: total, ms: performance.now() - start };
}

/** Stored figures that differ from a recount from item_progress (as progress.ts checks them). */
const MISMATCH_SQL = `
  with f as (
    select ip.student_id, i.unit_id, count(*) as done from item_progress ip
    join learning_items i on i.id = ip.item_id where ip.course_id = $1
    group by ip.student_id, i.unit_id
  ), fc as (select student_id, sum(done) as done from f group by student_id)
  select (select count(*) from unit_progress p full join f on f.student_id = p.student_id and f.unit_id = p.unit_id
           where (p.course_id = $1 or p.course_id is null) and coalesce(p.items_done, 0) <> coalesce(f.done, 0))::int
       + (select count(*) from (select * from course_progress where course_id = $1) p
           full join fc on fc.student_id = p.student_id
           where coalesce(p.items_done, 0) <> coalesce(fc.done, 0))::int as mismatches,
         (select count(*) from item_progress where course_id = $1)::int as completions`;

/** The floor: the completing statement of progress.ts, bare on the pool, one at a time. */
const COMPLETION_SQL = `
  with ins as (
    insert into item_progress (student_id, item_id, course_id, unit_id, completed_at, source)
    select $1, i.id, i.course_id, i.unit_id, now(), 'done' from learning_items i where i.id = $2
    on conflict do nothing returning item_id, course_id, unit_id, completed_at
  ), up as (
    insert into unit_progress (student_id, unit_id, course_id, items_done, last_activity_at)
    select $1, unit_id, course_id, 1, completed_at from ins
    on conflict (student_id, unit_id) do update set items_done = unit_progress.items_done + 1
    returning 1
  ), cp as (
    insert into course_progress (student_id, course_id, items_done, last_activity_at)
    select $1, course_id, 1, completed_at from ins
    on conflict (student_id, course_id) do update set items_done = course_progress.items_done + 1
    returning 1
  ) select count(*) from ins`;

export const progressScenario: Scenario = {
  name: 'progress',
  summary: `${String(STUDENTS)} students each marking an item done every 10 s (open loop, ${String(BASE_RATE)}/s) for ${String(BASE_SECONDS)} s on PostgreSQL: p95 (floor: the bare completing statement); then the peak rate with p95 ≤ ${String(P95_LIMIT_MS)} ms; every figure equals a recount after`,
  run: async (context: Context): Promise<Result[]> => {
    const people = await startAppWithStudents(
      context,
      'postgres',
      { LANTERN_WORKERS: '0' },
      STUDENTS + 200,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
    try {
      const { sessions, items } = await prepare(people);
      const url = new URL(people.app.url);
      // A short warm-up so the first timed second is not the connections' first.
      await runPhase(url, agent, sessions, items, 50, 2);
      const base = await runPhase(url, agent, sessions, items, BASE_RATE, BASE_SECONDS);
      const p95 = quantile(base.latencies, 0.95);
      log(
        `  base: ${String(base.sent)} events in ${(base.ms / 1000).toFixed(1)} s, p50 ${quantile(base.latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${quantile(base.latencies, 0.99).toFixed(1)} ms, ${String(base.failures)} failed`,
      );

      const steps: { rate: number; p95: number; failures: number; achieved: number }[] = [];
      let peak = base.failures === 0 && p95 <= P95_LIMIT_MS ? BASE_RATE : 0;
      for (const rate of STEP_RATES) {
        const phase = await runPhase(url, agent, sessions, items, rate, STEP_SECONDS);
        const stepP95 = quantile(phase.latencies, 0.95);
        const achieved = phase.latencies.length / (phase.ms / 1000);
        steps.push({ rate, p95: stepP95, failures: phase.failures, achieved });
        log(
          `  ${String(rate)}/s: p95 ${stepP95.toFixed(1)} ms, ${achieved.toFixed(0)} answered/s, ${String(phase.failures)} failed`,
        );
        if (phase.failures > 0 || stepP95 > P95_LIMIT_MS) break;
        peak = rate;
      }

      // The floor: the completing statement alone, on new (student, item) pairs.
      const floorMs: number[] = [];
      const floorStudents = sessions.slice(0, 50).map((s) => s.userId);
      for (let k = 0; k < 500; k += 1) {
        const student = floorStudents[k % floorStudents.length] ?? 0;
        const item = items[items.length - 1 - Math.floor(k / floorStudents.length)] ?? 0;
        const started = performance.now();
        await people.floor.query(COMPLETION_SQL, [student, item]);
        floorMs.push(performance.now() - started);
      }
      const floorP95 = quantile(floorMs, 0.95);
      const [check] = await people.floor.query<{ mismatches: number; completions: number }>(
        MISMATCH_SQL,
        [COURSE],
      );
      log(
        `  recount: ${String(check?.mismatches ?? -1)} figures differ over ${String(check?.completions ?? 0)} completions`,
      );
      return [
        result({
          scenario: 'progress',
          name: 'progress-p95',
          unit: 'ms',
          value: p95,
          floor: floorP95,
          target: { on: 'value', op: '<=', limit: P95_LIMIT_MS },
          detail: {
            events: base.sent,
            failures: base.failures,
            p50: quantile(base.latencies, 0.5),
            p99: quantile(base.latencies, 0.99),
          },
        }),
        result({
          scenario: 'progress',
          name: 'progress-peak',
          unit: 'events/s',
          value: peak,
          floor: BASE_RATE,
          target: { on: 'value', op: '>=', limit: BASE_RATE },
          detail: { steps },
        }),
        result({
          scenario: 'progress',
          name: 'progress-recount',
          unit: 'figures differing',
          value: check?.mismatches ?? -1,
          floor: 0,
          target: { on: 'value', op: '<=', limit: 0 },
          detail: { completions: check?.completions ?? 0 },
        }),
      ];
    } finally {
      agent.destroy();
      await people.close();
    }
  },
};
