import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, result, type Result } from '../lib/report';

// Issue 17: one student's full grade history at 5 million grade events (50 million with
// BENCH_GRADE_EVENTS=50000000), on PostgreSQL. p99 ≤ 20 ms, the plan an index range scan.

const STUDENTS = 20_000;
const EVENTS = Number(process.env.BENCH_GRADE_EVENTS ?? 5_000_000);
const COURSES = 10;
/** Two events a task (save, publish): the tasks a student needs for EVENTS ÷ STUDENTS events. */
const TASKS_PER_COURSE = Math.max(1, Math.round(EVENTS / STUDENTS / 2 / COURSES));
const USERNAME = 'admin';
const RUNS = 200;
const WARMUP = 20;

/**
 * The ledger: one running programme of COURSES courses × TASKS_PER_COURSE tasks, every student
 * enrolled, a save and a publish event for every (student, task). Inserted task by task across
 * all students, as a real ledger fills (a student's events are spread over the whole table: one
 * heap page each, the worst case), a third of the saves with a comment.
 */
async function loadLedger(db: PeopleApp['floor']): Promise<number> {
  const one = async (text: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(text, params))[0]?.id ?? 0;
  const programmeId = await one(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', 'GH1', 'Grade history bench', 'Grade history bench', '2020-01-01',
       '2030-12-31', 'running', (select id from grading_schemas order by id limit 1)) returning id`,
  );
  await db.query(
    `insert into programme_clcs (programme_id, clc_id)
     select distinct $1::int, uc.clc_id from user_clcs uc on conflict do nothing`,
    [programmeId],
  );
  await db.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     select $1::int, 'GH' || g, 'Course ' || g, 3, g from generate_series(1, $2::int) g`,
    [programmeId, COURSES],
  );
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1::int, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
     from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
     order by u.jwl_id limit $2`,
    [programmeId, STUDENTS],
  );
  await db.query(
    `insert into learning_units (course_id, title, position, status, published_at)
     select c.id, 'Unit', 1, 'published', now() from programme_courses c where c.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
       delivery, max_points, grading)
     select u.id, u.course_id, 'text_task', 'Task ' || g, g, true, now(), 'online', 10, 'points'
     from learning_units u join programme_courses c on c.id = u.course_id and c.programme_id = $1
     cross join generate_series(1, $2::int) g`,
    [programmeId, TASKS_PER_COURSE],
  );
  // Task by task, a million rows a statement, so no statement holds the whole load.
  const items = await db.query<{ id: number; course_id: number }>(
    `select i.id, i.course_id from learning_items i join programme_courses c on c.id = i.course_id
     where c.programme_id = $1 order by i.id`,
    [programmeId],
  );
  const faculty = await one(`select jwl_id as id from users where username = 'faculty'`);
  const perBatch = Math.max(1, Math.floor(1_000_000 / (STUDENTS * 2)));
  for (let i = 0; i < items.length; i += perBatch) {
    const batch = items.slice(i, i + perBatch).map((x) => x.id);
    await db.query(
      `insert into grade_events (item_id, student_id, course_id, action, old_points, new_points,
         old_outcome, new_outcome, old_published, new_published, max_points, item_version,
         grade_version, actor_id, at, comment)
       select i.id, e.user_id, i.course_id, a.action::grade_event_action,
         case when a.n = 2 then (e.user_id + i.id) % 11 end, (e.user_id + i.id) % 11,
         case when a.n = 2 then 'graded'::grade_outcome end, 'graded', a.n = 2 or null, a.n = 2,
         10, 1, a.n, $3::int,
         timestamptz '2020-01-01' + interval '1 minute' * (i.id * 10 + a.n),
         -- A comment on a third of the saves: those events are read from the table too.
         case when a.n = 1 and (e.user_id + i.id) % 3 = 0
           then 'Clear and well argued; the second part needs an example from your own work.' end
       from learning_items i cross join (values (1, 'save'), (2, 'publish')) as a(n, action)
       cross join enrolments e
       where i.id = any($1::int[]) and e.programme_id = $2
       order by i.id, a.n, e.user_id`,
      [batch, programmeId, faculty],
    );
  }
  return programmeId;
}

/**
 * The history's statements as the route runs them, without the page limit: the floor. The
 * fixed-width columns come from `grade_events_student_idx` alone (it covers them), then the text
 * of the events that carry some, by primary key.
 */
const FLOOR_SQL = `select e.*, c.code, c.title, i.title, a.first_name || ' ' || a.last_name
  from (select e.id, e.subject, e.action, e.course_id, e.item_id, e.old_points, e.new_points,
          e.old_outcome, e.new_outcome, e.old_published, e.new_published, e.max_points,
          e.grading_schema_id, e.grading_schema_version, e.item_version, e.grade_version,
          e.actor_id, e.impersonator_id, e.request_id, e.at, e.has_text
        from grade_events e where e.student_id = $1 order by e.id desc) e
  join programme_courses c on c.id = e.course_id
  left join learning_items i on i.id = e.item_id
  left join users a on a.jwl_id = e.actor_id
  order by e.id desc`;
const FLOOR_TEXT_SQL = `select id, comment, reason from grade_events where id = any($1::bigint[])`;

async function floorHistory(db: PeopleApp['floor'], studentId: number): Promise<void> {
  const found = await db.query<{ id: string; has_text: boolean }>(FLOOR_SQL, [studentId]);
  const withText = found.filter((r) => r.has_text).map((r) => r.id);
  if (withText.length > 0) await db.query(FLOOR_TEXT_SQL, [withText]);
}

async function measure(context: Context): Promise<Result[]> {
  const people = await startAppWithStudents(
    context,
    'postgres',
    { LANTERN_WORKERS: '0' },
    STUDENTS,
  );
  try {
    const db = people.floor;
    const started = performance.now();
    const programmeId = await loadLedger(db);
    await db.exec('vacuum analyze');
    const loadMs = performance.now() - started;
    const [count] = await db.query<{ n: string }>(`select count(*)::text as n from grade_events`);
    const students = (
      await db.query<{ user_id: number }>(
        `select user_id from enrolments where programme_id = $1 order by user_id`,
        [programmeId],
      )
    ).map((r) => r.user_id);
    // Every n-th student, so the runs do not read one student's pages from cache each time.
    const sample = Array.from(
      { length: RUNS + WARMUP },
      (_, k) => students[(k * 7919) % students.length] ?? 0,
    );
    const plan = (
      await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${FLOOR_SQL}`, [
        sample[0],
      ])
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // An index range scan of the student's events: a plain or backward index scan, or a bitmap
    // index scan (which PostgreSQL picks for a few hundred rows scattered over the heap).
    const rangeScan =
      /(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) grade_events_student_idx/.test(
        plan,
      ) && !/Seq Scan on grade_events/.test(plan);
    const { token } = await signIn(people.app.url, USERNAME);
    let entries = 0;
    const full = async (studentId: number) => {
      // The whole history through the route, 100 a page (its largest page).
      let before: number | null = null;
      let n = 0;
      do {
        const url: string = `${people.app.url}/api/en/lms/student/${String(studentId)}/grade-history?limit=100${before === null ? '' : `&before=${String(before)}`}`;
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const text = await response.text();
        if (!response.ok)
          throw new Error(`The history answered ${String(response.status)}: ${text.slice(0, 500)}`);
        const body = JSON.parse(text) as { entries: unknown[]; next: number | null };
        n += body.entries.length;
        before = body.next;
      } while (before !== null);
      entries = n;
    };
    /** The history screen's first page: 50, newest first (the route's default). */
    const firstPage = async (studentId: number) => {
      const response = await fetch(
        `${people.app.url}/api/en/lms/student/${String(studentId)}/grade-history`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const text = await response.text();
      if (!response.ok)
        throw new Error(`The history answered ${String(response.status)}: ${text.slice(0, 500)}`);
    };
    const appMs: number[] = [];
    const floorMs: number[] = [];
    const pageMs: number[] = [];
    for (let k = 0; k < sample.length; k += 1) {
      const studentId = sample[k] ?? 0;
      let t0 = performance.now();
      await floorHistory(db, studentId);
      const floor = performance.now() - t0;
      t0 = performance.now();
      await full(studentId);
      const app = performance.now() - t0;
      // Another student for the first page, so it does not read pages the walk just cached.
      const other = sample[(k + 101) % sample.length] ?? 0;
      t0 = performance.now();
      await firstPage(other);
      const first = performance.now() - t0;
      if (k < WARMUP) continue;
      appMs.push(app);
      floorMs.push(floor);
      pageMs.push(first);
    }
    const floorP99 = quantile(floorMs, 0.99);
    const appP99 = quantile(appMs, 0.99);
    log(
      `  ${count?.n ?? '?'} grade events (${String(STUDENTS)} students × ${String(COURSES * TASKS_PER_COURSE)} tasks × 2), loaded in ${(loadMs / 1000).toFixed(0)} s; one student's ${String(entries)} events: SQL p50 ${quantile(floorMs, 0.5).toFixed(1)} ms, p99 ${floorP99.toFixed(1)} ms; through the route (pages of 100) p50 ${quantile(appMs, 0.5).toFixed(1)} ms, p99 ${appP99.toFixed(1)} ms; the first page of 50 p50 ${quantile(pageMs, 0.5).toFixed(1)} ms, p99 ${quantile(pageMs, 0.99).toFixed(1)} ms; index range scan: ${rangeScan ? 'yes' : 'NO'}`,
    );
    const detail = {
      events: Number(count?.n ?? 0),
      students: STUDENTS,
      eventsPerStudent: entries,
      sqlP50ms: Number(quantile(floorMs, 0.5).toFixed(2)),
      sqlP99ms: Number(floorP99.toFixed(2)),
      routeP50ms: Number(quantile(appMs, 0.5).toFixed(2)),
      routeP99ms: Number(appP99.toFixed(2)),
      firstPageP50ms: Number(quantile(pageMs, 0.5).toFixed(2)),
      firstPageP99ms: Number(quantile(pageMs, 0.99).toFixed(2)),
      rangeScan,
      plan,
      loadMs: Math.round(loadMs),
      note: `${String(RUNS)} students after ${String(WARMUP)} warm-up, each read once: the history's two statements (the covered columns, then the events with text) without the page limit on a pg Pool, then the route GET …/student/:id/grade-history?limit=100 walked to its end as ${USERNAME}`,
    };
    return [
      result({
        scenario: 'grade-history',
        name: `one student's full grade history at ${String(EVENTS / 1e6)} M events, SQL p99 (PostgreSQL)`,
        unit: 'ms',
        value: floorP99,
        floor: quantile(floorMs, 0.5),
        target: { on: 'value', op: '<=', limit: 20 },
        detail,
      }),
      result({
        scenario: 'grade-history',
        name: `the same through the route, pages of 100, p99 (PostgreSQL)`,
        unit: 'ms',
        value: appP99,
        floor: floorP99,
        target: { on: 'value', op: '<=', limit: 20 * Math.ceil(Math.max(entries, 1) / 100) },
        detail,
      }),
      result({
        scenario: 'grade-history',
        name: `the history screen's first page of 50 through the route, p99 (PostgreSQL)`,
        unit: 'ms',
        value: quantile(pageMs, 0.99),
        floor: floorP99,
        target: { on: 'value', op: '<=', limit: 20 },
        detail,
      }),
      result({
        scenario: 'grade-history',
        name: 'the plan reads grade_events by an index range scan (1 = yes)',
        unit: '',
        value: rangeScan ? 1 : 0,
        floor: 1,
        target: { on: 'value', op: '>=', limit: 1 },
        detail,
      }),
    ];
  } finally {
    await people.close();
  }
}

export const gradeHistory: Scenario = {
  name: 'grade-history',
  summary:
    "issue 17: one student's full grade history at 5 M grade events on PostgreSQL (BENCH_GRADE_EVENTS for 50 M): p99 ≤ 20 ms, an index range scan",
  run: measure,
};
