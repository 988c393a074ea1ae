import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents } from '../lib/people';
import { log, result, type Result } from '../lib/report';
import { seedTaskCourse } from '../lib/task-course';

// Issue 17: approving a grade request applies it through the grade ledger in one transaction
// (the request's state, the grade, its event, the course totals, the notifications). The figure
// is the approve call's time on PostgreSQL; the floor is reading the same request's page.

const STUDENTS = 200;
const TASKS = 2;
const WARM_UP = 20;
const ASKER = 'lead_faculty';
const DECIDER = 'admin';

async function measure(context: Context): Promise<Result[]> {
  const people = await startAppWithStudents(
    context,
    'postgres',
    { LANTERN_WORKERS: '0' },
    STUDENTS,
  );
  try {
    const db = people.floor;
    const { programmeId, courseId } = await seedTaskCourse(db, {
      code: 'GR',
      title: 'Requests',
      students: STUDENTS,
      tasks: TASKS,
    });
    // Published grades as the grading routes leave them: a save and a publish event each, and
    // the course's totals.
    await db.query(
      `insert into grades (item_id, student_id, course_id, outcome, points, is_published,
         max_points, item_version, published_at, version)
       select i.id, e.user_id, $1::int, 'graded', 6, true, 10, i.version, now(), 2
       from learning_items i, enrolments e
       where i.course_id = $1 and e.programme_id = $2`,
      [courseId, programmeId],
    );
    await db.query(
      `insert into grade_events (item_id, student_id, course_id, action, old_points, new_points,
         new_outcome, old_published, new_published, max_points, item_version, grade_version)
       select item_id, student_id, course_id, 'save'::grade_event_action, null, points, outcome, null, false, max_points, item_version, 1
       from grades where course_id = $1
       union all
       select item_id, student_id, course_id, 'publish'::grade_event_action, points, points, outcome, false, true, max_points, item_version, 2
       from grades where course_id = $1`,
      [courseId],
    );
    await db.query(
      `insert into course_progress (student_id, course_id, tasks_graded, points_published, weighted_published)
       select student_id, course_id, count(*), sum(points), sum(points / max_points)
       from grades where course_id = $1 group by student_id, course_id`,
      [courseId],
    );
    const grades = await db.query<{ item_id: number; student_id: number; version: number }>(
      `select item_id, student_id, version from grades where course_id = $1
       order by student_id, item_id`,
      [courseId],
    );

    const base = `${people.app.url}/api/en/lms`;
    const asker = (await signIn(people.app.url, ASKER)).token;
    const decider = (await signIn(people.app.url, DECIDER)).token;
    const post = async (token: string, path: string, body: unknown) => {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { request?: { id: number }; detail?: string };
      if (!response.ok)
        throw new Error(
          `POST ${path} answered ${String(response.status)}: ${JSON.stringify(json)}`,
        );
      return { ms: performance.now() - t0, json };
    };

    // Half undo-publish, half grade change, asked one after the other.
    const ids: number[] = [];
    for (const [n, g] of grades.entries()) {
      const undo = n % 2 === 0;
      const { json } = await post(asker, '/grade-requests', {
        kind: undo ? 'undo_publish' : 'grade_change',
        courseId,
        studentId: g.student_id,
        itemId: g.item_id,
        gradeVersion: g.version,
        ...(undo ? {} : { toPoints: 8 }),
        reason: 'Bench: the grade needs a correction.',
      });
      ids.push(json.request?.id ?? 0);
    }

    // In turns: read the request's page (the floor), then approve it (the figure).
    const approve: number[] = [];
    const read: number[] = [];
    for (const [n, id] of ids.entries()) {
      const t0 = performance.now();
      const page = await fetch(`${base}/grade-request/${String(id)}`, {
        headers: { authorization: `Bearer ${decider}` },
      });
      await page.arrayBuffer();
      const readMs = performance.now() - t0;
      const { ms } = await post(decider, `/grade-request/${String(id)}/approve`, { version: 1 });
      if (n >= WARM_UP) {
        read.push(readMs);
        approve.push(ms);
      }
    }
    const applied = await db.query<{ n: number }>(
      `select count(*)::int as n from grade_events where course_id = $1 and request_id is not null`,
      [courseId],
    );
    const p95 = quantile(approve, 0.95);
    const floor = quantile(read, 0.95);
    log(
      `  ${String(ids.length)} requests approved (${String(WARM_UP)} warm-up), ${String(applied[0]?.n ?? 0)} ledger events with a request id: approve p50 ${quantile(approve, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; reading the request p95 ${floor.toFixed(1)} ms`,
    );
    return [
      result({
        scenario: 'grade-requests',
        name: 'approve-and-apply a grade request, p95 (PostgreSQL)',
        unit: 'ms',
        value: p95,
        floor,
        target: { on: 'value', op: '<=', limit: 100 },
        detail: {
          requests: ids.length,
          warmUp: WARM_UP,
          p50ms: Number(quantile(approve, 0.5).toFixed(2)),
          p95ms: Number(p95.toFixed(2)),
          readP50ms: Number(quantile(read, 0.5).toFixed(2)),
          readP95ms: Number(floor.toFixed(2)),
          eventsWithRequest: applied[0]?.n ?? 0,
          note: `POST …/grade-request/:id/approve as ${DECIDER} on requests of ${ASKER}, half undo-publish and half grade change, one at a time; the floor is GET …/grade-request/:id of the same request just before`,
        },
      }),
    ];
  } finally {
    await people.close();
  }
}

export const gradeRequests: Scenario = {
  name: 'grade-requests',
  summary:
    'issue 17: approving undo-publish and grade-change requests, applied through the grade ledger in one transaction, p95 on PostgreSQL',
  run: measure,
};
