import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents } from '../lib/people';
import { log, result, type Result } from '../lib/report';

const STUDENTS = 2000;
const UNITS = 10;
const TASKS_PER_UNIT = 10;
const USERNAME = 'lead_faculty';
const RUNS = 20;
const WARMUP = 3;

/**
 * The course: 2,000 generated students in one running programme (classes of 40), 10 published
 * units of 10 tasks each, every student with a handed-in attempt at every task and 80 % of
 * those graded (half of them published), and course_progress as applyGradeEvent keeps it.
 * Set-based SQL, so the load takes seconds.
 */
async function loadCourse(
  query: (text: string, params?: unknown[]) => Promise<{ id: number }[]>,
): Promise<number> {
  const [programme] = await query(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', 'GB1', 'Grade book bench', 'Grade book bench', '2026-01-01', '2027-12-31',
       'running', (select id from grading_schemas order by id limit 1)) returning id`,
  );
  const programmeId = programme?.id ?? 0;
  const [course] = await query(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'GB', 'Grade book course', 3, 1) returning id`,
    [programmeId],
  );
  const courseId = course?.id ?? 0;
  await query(
    `insert into programme_clcs (programme_id, clc_id)
     select distinct $1::int, uc.clc_id from user_clcs uc
     join user_roles r on r.user_id = uc.user_id and r.role_key = 'STUDENT'
     on conflict do nothing returning 0 as id`,
    [programmeId],
  );
  await query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1::int, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
     from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
     order by u.jwl_id limit $2 returning id`,
    [programmeId, STUDENTS],
  );
  // Classes of 40 per CLC, as a distribution would make them.
  await query(
    `with ranked as (
       select e.id, e.clc_id, (row_number() over (partition by e.clc_id order by e.id) - 1) / 40 as n
       from enrolments e where e.programme_id = $1),
     made as (
       insert into classes (programme_id, clc_id, name)
       select distinct $1::int, clc_id, 'C' || clc_id || '-' || n from ranked returning id, clc_id, name)
     update enrolments e set class_id = m.id from ranked r join made m on m.clc_id = r.clc_id
       and m.name = 'C' || r.clc_id || '-' || r.n
     where e.id = r.id returning e.id`,
    [programmeId],
  );
  await query(
    `insert into learning_units (course_id, title, position, status, published_at)
     select $1::int, 'Unit ' || g, g, 'published', now() from generate_series(1, $2::int) g returning id`,
    [courseId, UNITS],
  );
  await query(
    `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
       delivery, max_points, grading)
     select u.id, $1::int, 'text_task', 'Task ' || u.position || '.' || g, g, true, now(),
       case when g % 2 = 0 then 'online' else 'onsite' end::task_delivery, 10, 'points'
     from learning_units u cross join generate_series(1, $2::int) g
     where u.course_id = $1 returning id`,
    [courseId, TASKS_PER_UNIT],
  );
  await query(
    `insert into submissions (item_id, student_id, course_id, attempt, status, text, word_count,
       item_version, late, submitted_at)
     select i.id, e.user_id, $1::int, 1, 'submitted', 'An answer.', 2, 1, (e.user_id + i.id) % 7 = 0,
       now() - interval '1 minute' * ((e.user_id + i.id) % 5000)
     from enrolments e cross join learning_items i
     where e.programme_id = $2 and i.course_id = $1 returning 0 as id`,
    [courseId, programmeId],
  );
  await query(
    `insert into grades (item_id, student_id, course_id, submission_id, outcome, points, is_published,
       max_points, item_version, graded_at, published_at)
     select s.item_id, s.student_id, s.course_id, s.id, 'graded', (s.student_id + s.item_id) % 11,
       (s.student_id + s.item_id) % 2 = 0, 10, 1, now(),
       case when (s.student_id + s.item_id) % 2 = 0 then now() end
     from submissions s where s.course_id = $1 and (s.student_id + s.item_id) % 5 <> 0
     returning 0 as id`,
    [courseId],
  );
  await query(
    `insert into course_progress (student_id, course_id, tasks_submitted, tasks_graded, points_published,
       weighted_published)
     select e.user_id, $1::int, $3::int,
       count(g.item_id) filter (where g.is_published),
       coalesce(sum(g.points) filter (where g.is_published), 0),
       coalesce(sum(g.points / g.max_points) filter (where g.is_published), 0)
     from enrolments e left join grades g on g.student_id = e.user_id and g.course_id = $1
     where e.programme_id = $2 group by e.user_id returning 0 as id`,
    [courseId, programmeId, UNITS * TASKS_PER_UNIT],
  );
  return courseId;
}

/**
 * The same cells the endpoint reads, as bare SQL: the first 50 learners by name with their
 * totals, their grades and their latest attempts (the three index reads of decision 0019).
 */
const FLOOR_SQL = {
  learners: `select cl.student_id, u.first_name, u.last_name, cl.class_id, cp.points_published, cp.weighted_published
    from course_learners cl join users u on u.jwl_id = cl.student_id
    left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
    where cl.course_id = $1 order by lower(u.last_name), lower(u.first_name), u.jwl_id limit 51`,
  grades: `select student_id, item_id, outcome, points, is_published, submission_id, version from grades
    where student_id = any($1::int[]) and item_id = any($2::int[])`,
  submissions: `select student_id, item_id, id, status, late from submissions
    where student_id = any($1::int[]) and item_id = any($2::int[]) and is_latest`,
};

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
    const courseId = await loadCourse((text, params) => db.query<{ id: number }>(text, params));
    await db.exec('vacuum analyze');
    const loadMs = performance.now() - started;
    const items = (
      await db.query<{ id: number }>(
        `select id from learning_items where course_id = $1 order by id`,
        [courseId],
      )
    ).map((r) => r.id);
    const { token } = await signIn(people.app.url, USERNAME);
    const url = `${people.app.url}/api/en/lms/course/${String(courseId)}/grade-book?limit=50`;
    let cells = 0;
    let rows = 0;
    const callApp = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      if (!response.ok)
        throw new Error(
          `The grade book answered ${String(response.status)}: ${text.slice(0, 500)}`,
        );
      const body = JSON.parse(text) as { rows: { cells: unknown[] }[]; columns: unknown[] };
      rows = body.rows.length;
      cells = body.rows.reduce((n, r) => n + r.cells.length, 0);
    };
    const callFloor = async () => {
      const learners = await db.query<{ student_id: number }>(FLOOR_SQL.learners, [courseId]);
      const ids = learners.slice(0, 50).map((l) => l.student_id);
      await Promise.all([
        db.query(FLOOR_SQL.grades, [ids, items]),
        db.query(FLOOR_SQL.submissions, [ids, items]),
      ]);
    };
    for (let i = 0; i < WARMUP; i += 1) {
      await callApp();
      await callFloor();
    }
    const appMs: number[] = [];
    const floorMs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      let t0 = performance.now();
      await callApp();
      appMs.push(performance.now() - t0);
      t0 = performance.now();
      await callFloor();
      floorMs.push(performance.now() - t0);
    }
    const p50 = quantile(appMs, 0.5);
    const p95 = quantile(appMs, 0.95);
    const floorP50 = quantile(floorMs, 0.5);
    log(
      `  grade book ${String(rows)} learners × ${String(items.length)} tasks (${String(cells)} cells): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; bare SQL p50 ${floorP50.toFixed(1)} ms; course loaded in ${(loadMs / 1000).toFixed(1)} s`,
    );
    const detail = {
      students: STUDENTS,
      tasks: items.length,
      rows,
      cells,
      p50ms: Number(p50.toFixed(2)),
      p95ms: Number(p95.toFixed(2)),
      floorP50ms: Number(floorP50.toFixed(2)),
      runs: RUNS,
      loadMs: Math.round(loadMs),
      note: `GET …/course/:courseId/grade-book?limit=50 as ${USERNAME} on PostgreSQL, ${String(RUNS)} sequential runs after ${String(WARMUP)} warm-up; floor = the learners, grades and latest attempts of the same 50 × ${String(items.length)} cells as bare SQL on a pg Pool, in turn with the runs`,
    };
    return [
      result({
        scenario: 'grade-book',
        name: 'grade book, first 50 × 100 with totals, p95 (PostgreSQL)',
        unit: 'ms',
        value: p95,
        floor: floorP50,
        target: { on: 'value', op: '<=', limit: 300 },
        detail,
      }),
      result({
        scenario: 'grade-book',
        name: 'grade book vs bare SQL, p50 ratio (PostgreSQL)',
        unit: 'ms',
        value: p50,
        floor: floorP50,
        target: { on: 'ratio', op: '<=', limit: 3 },
        detail,
      }),
    ];
  } finally {
    await people.close();
  }
}

export const gradeBookScenario: Scenario = {
  name: 'grade-book',
  summary: `GET …/grade-book first 50 of ${String(STUDENTS)} students × ${String(UNITS * TASKS_PER_UNIT)} tasks with totals on PostgreSQL: ≤ 300 ms and ≤ 3× bare SQL`,
  run: measure,
};
