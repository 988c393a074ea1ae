import { signIn } from '../lib/load';
import { quantile, type PeopleApp } from '../lib/people';
import { log, result, type Result } from '../lib/report';
import { STUDENTS, USERNAME } from './grade-book-setup';

const RUNS = 20;
const WARMUP = 3;

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

/** The API half: GET …/grade-book (the first 50 rows) in turn with the same reads as bare SQL. */
export async function measureApi(
  appUrl: string,
  db: PeopleApp['floor'],
  courseId: number,
  loadMs: number,
): Promise<Result[]> {
  const items = (
    await db.query<{ id: number }>(
      `select id from learning_items where course_id = $1 order by id`,
      [courseId],
    )
  ).map((r) => r.id);
  const { token } = await signIn(appUrl, USERNAME);
  const url = `${appUrl}/api/en/lms/course/${String(courseId)}/grade-book?limit=50`;
  let cells = 0;
  let rows = 0;
  const callApp = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`The grade book answered ${String(response.status)}: ${text.slice(0, 500)}`);
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
}
