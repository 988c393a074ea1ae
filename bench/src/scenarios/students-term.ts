import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '@lantern/db/client';
import { insertStudents } from '@lantern/db/generate';
import type { Context, Scenario } from '../lib/context';
import { createDatabase, dropDatabase, insertSession, requestSql } from '../lib/db';
import { LatencyClient, signIn, tokenClaims } from '../lib/load';
import { quantile } from '../lib/people';
import { ensureBuilt, startApp } from '../lib/processes';
import { log, result, type Result } from '../lib/report';

// Issue 18: the students of one bachelor term, 5,000 student-course rows (2,500 students in two
// course offerings of the demo programme 512), first page of 50 sorted by name, p99 on PGlite and
// PostgreSQL. The floor is the request's bare SQL: the principal query and the list's query
// copied from student-courses.service.ts, on the driver in this process.

const STUDENTS = 2_500;
const TERM = '2027-sp';
const LIMIT = 50;
const USERNAME = 'admin';
const ROUNDS = 3;
const PER_ROUND = 60;
const WARMUP = 5;

/** listStudentCourses's query for a term's courses, sorted by name, first page (a copy). */
const FROM = `ba_student_courses s
  join ba_offerings o on o.id = s.offering_id
  join ba_terms t on t.id = o.term_id
  join programme_courses c on c.id = o.course_id
  join enrolments e on e.id = s.enrolment_id
  join users u on u.jwl_id = e.user_id
  left join clcs l on l.id = e.clc_id
  left join classes k on k.id = s.class_id`;
/** countFrom of student-courses.service.ts for a request that reaches every CLC, no search. */
const COUNT_FROM = `ba_student_courses s
  join ba_offerings o on o.id = s.offering_id
  join ba_terms t on t.id = o.term_id`;
const WHERE = `t.programme_id = $1 and o.kind = 'course' and true and t.id = $2`;
const LIST_SQL = `select s.id, s.enrolment_id, u.jwl_id, u.first_name || ' ' || u.last_name as student,
  u.first_name, u.last_name, e.state::text as enrolment_state,
  e.clc_id, l.code as clc, t.year::text || '-' || t.season::text as term_key, t.start_date,
  o.id as offering_id, o.kind::text as kind, o.course_id, c.code as course_code,
  coalesce(o.title, c.title) as title, s.status::text as status, k.name as classroom, s.class_id,
  s.reason, s.version, (select count(*)::int from ${COUNT_FROM} where ${WHERE}) as total
  from unnest(array(select s.id from ${FROM} where ${WHERE}
    order by lower(u.last_name) asc, lower(u.first_name) asc, s.id asc limit $3 offset 0)) with ordinality as p(id, n)
  join (${FROM}) on s.id = p.id
  order by p.n`;

async function load(database: Database): Promise<{ programmeId: number; termId: number }> {
  const [programme] = await database.query<{ id: number }>(
    `select id from programmes where code = '512' and type = 'bachelor'`,
  );
  if (!programme) throw new Error('The demo has no bachelor programme 512.');
  const clcs = await database.query<{ id: number }>(
    `select clc_id as id from programme_clcs where programme_id = $1 order by clc_id`,
    [programme.id],
  );
  const [top] = await database.query<{ max: number }>(`select max(jwl_id)::int as max from users`);
  await insertStudents(database.db, {
    clcIds: clcs.map((c) => c.id),
    count: STUDENTS,
    seed: 2027,
  });
  await database.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, uc.user_id, min(uc.clc_id), 'active' from user_clcs uc
     where uc.user_id > $2 group by uc.user_id`,
    [programme.id, top?.max ?? 0],
  );
  const [term] = await database.query<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2027, 'sp', 'Spring 2027', '2027-01-15', 14) returning id`,
    [programme.id],
  );
  if (!term) throw new Error('No term made.');
  await database.query(
    `insert into ba_offerings (term_id, kind, course_id, capacity)
     select $1, 'course', id, 5000 from programme_courses where programme_id = $2
     order by position, code limit 2`,
    [term.id, programme.id],
  );
  await database.query(
    `insert into ba_student_courses (offering_id, enrolment_id)
     select o.id, e.id from ba_offerings o cross join enrolments e
     where o.term_id = $1 and e.programme_id = $2 and e.user_id > $3`,
    [term.id, programme.id, top?.max ?? 0],
  );
  await database.exec('vacuum analyze');
  return { programmeId: programme.id, termId: term.id };
}

async function measure(context: Context, kind: 'pglite' | 'postgres'): Promise<Result[]> {
  await ensureBuilt();
  const dataDir = context.newDir(`students-term-${kind}`);
  const pg = kind === 'postgres' ? await createDatabase() : null;
  const env = { LANTERN_WORKERS: '0' };
  const options = pg
    ? { dataDir, databaseUrl: pg.url, demo: true, env, timeoutMs: 600_000 }
    : { dataDir, env, timeoutMs: 600_000 };
  let floor: Database | null = null;
  try {
    const first = await startApp(options);
    await first.stop();
    const database = pg
      ? await openDatabase({ url: pg.url, poolSize: 1 })
      : await openDatabase({ dataDir: join(dataDir, 'pgdata') });
    let ids: { programmeId: number; termId: number };
    try {
      ids = await load(database);
    } finally {
      await database.close();
    }
    if (pg) floor = await openDatabase({ url: pg.url, poolSize: 4 });
    else {
      const copy = context.newDir(`students-term-floor-${kind}`);
      cpSync(join(dataDir, 'pgdata'), copy, { recursive: true });
      floor = await openDatabase({ dataDir: copy });
    }
    const app = await startApp(options);
    const db = floor;
    try {
      const { token } = await signIn(app.url, USERNAME);
      const client = new LatencyClient(app.url, token);
      const session = pg
        ? (() => {
            const claims = tokenClaims(token);
            return { sid: claims.sid, userId: claims.sub };
          })()
        : await insertSession(db, USERNAME);
      const url = `/api/en/programme/bachelor/${String(ids.programmeId)}/student-courses?termKey=${TERM}&limit=${String(LIMIT)}`;
      type Page = { rows: { id: number }[]; total: number };
      const bare = async () => {
        await requestSql(db, session.sid, session.userId);
        const rows = await db.query<{ id: number; total: number }>(LIST_SQL, [
          ids.programmeId,
          ids.termId,
          LIMIT,
        ]);
        return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
      };
      const endpoint = await client.get<Page>(url);
      const copied = await bare();
      if (
        endpoint.total !== copied.total ||
        JSON.stringify(endpoint.rows.map((r) => r.id)) !== JSON.stringify(copied.ids)
      )
        throw new Error(
          `The copied SQL reads ${String(copied.total)} rows (other ids?); the endpoint answers ${String(endpoint.total)}. Is LIST_SQL in step with student-courses.service.ts?`,
        );
      const appMs: number[] = [];
      const floorMs: number[] = [];
      for (let i = 0; i < WARMUP; i += 1) {
        await client.get<Page>(url);
        await bare();
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let i = 0; i < PER_ROUND; i += 1) {
          const t0 = performance.now();
          await client.get<Page>(url);
          appMs.push(performance.now() - t0);
        }
        for (let i = 0; i < PER_ROUND; i += 1) {
          const t0 = performance.now();
          await bare();
          floorMs.push(performance.now() - t0);
        }
      }
      const p50 = quantile(appMs, 0.5);
      const p99 = quantile(appMs, 0.99);
      const floorP50 = quantile(floorMs, 0.5);
      const floorP99 = quantile(floorMs, 0.99);
      const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      log(
        `  ${label} students of ${TERM}, first page of ${String(LIMIT)} of ${String(endpoint.total)}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; bare SQL p50 ${floorP50.toFixed(1)} ms, p99 ${floorP99.toFixed(1)} ms`,
      );
      const detail = {
        url,
        total: endpoint.total,
        p50ms: Number(p50.toFixed(2)),
        p99ms: Number(p99.toFixed(2)),
        floorP50ms: Number(floorP50.toFixed(2)),
        floorP99ms: Number(floorP99.toFixed(2)),
        samples: appMs.length,
        note: `sequential requests as ${USERNAME}, ${String(ROUNDS)} rounds of ${String(PER_ROUND)} in turn with the floor; floor = the principal query and the list query copied from student-courses.service.ts, bare on the driver in this process (PGlite: a copy of the app's folder)`,
      };
      return [
        result({
          scenario: `students-term-${kind}`,
          name: `students of a term, first page p99 (${label})`,
          unit: 'ms',
          value: p99,
          floor: floorP99,
          target: { on: 'value', op: '<=', limit: 50 },
          detail,
        }),
        result({
          scenario: `students-term-${kind}`,
          name: `students of a term, first page p99 ÷ bare SQL (${label})`,
          unit: 'ms',
          value: p99,
          floor: floorP99,
          target: { on: 'ratio', op: '<=', limit: 2 },
          detail,
        }),
      ];
    } finally {
      await app.stop();
    }
  } finally {
    await floor?.close();
    if (pg) await dropDatabase(pg.name);
  }
}

export const studentsTermPglite: Scenario = {
  name: 'students-term-pglite',
  summary: 'issue 18: first page of a 5,000-row bachelor term’s students on PGlite, p99',
  run: (context) => measure(context, 'pglite'),
};

export const studentsTermPostgres: Scenario = {
  name: 'students-term-postgres',
  summary: 'issue 18: first page of a 5,000-row bachelor term’s students on PostgreSQL, p99',
  run: (context) => measure(context, 'postgres'),
};
