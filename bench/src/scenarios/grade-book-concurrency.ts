import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents } from '../lib/people';
import { log, result, type Result } from '../lib/report';
import { seedTaskCourse } from '../lib/task-course';

// Issue 17: ten graders entering grades in the same grade-book cells at once, on PostgreSQL.
// Every write either stands (and is in the ledger) or is refused with the cell as it is: 0 lost
// updates, every conflict reported.

const STUDENTS = 200;
const TASKS = 10;
/** The cells the graders share: 2 learners × 10 tasks, so most writes meet another's. */
const SHARED_LEARNERS = 2;
const GRADERS = 10;
const WRITES_EACH = 100;
const USERNAME = 'lead_faculty';

type Cell = { itemId: number; studentId: number };
type Write = { cell: string; version: number; points: number };

/** A small fixed-seed generator, so a run can be repeated. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
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
    const {
      programmeId,
      courseId,
      itemIds: items,
    } = await seedTaskCourse(db, {
      code: 'GC',
      title: 'Concurrency',
      students: STUDENTS,
      tasks: TASKS,
    });
    const learners = (
      await db.query<{ user_id: number }>(
        `select user_id from enrolments where programme_id = $1 order by user_id limit $2`,
        [programmeId, SHARED_LEARNERS],
      )
    ).map((r) => r.user_id);
    const cells: Cell[] = learners.flatMap((studentId) =>
      items.map((itemId) => ({ itemId, studentId })),
    );
    const keyOf = (c: Cell) => `${String(c.itemId)}:${String(c.studentId)}`;

    const url = `${people.app.url}/api/en/lms/course/${String(courseId)}/grade-book/cell`;
    const written: Write[] = [];
    const latencies: number[] = [];
    let conflicts = 0;
    let unreported = 0;
    const grader = async (n: number) => {
      const { token } = await signIn(people.app.url, USERNAME);
      const next = random(2026 + n);
      const seen = new Map<string, number>();
      for (let w = 0; w < WRITES_EACH; w += 1) {
        const cell = cells[Math.floor(next() * cells.length)] ?? cells[0];
        if (!cell) throw new Error('no cells');
        const key = keyOf(cell);
        const points = Math.round(next() * 100) / 10;
        const t0 = performance.now();
        const response = await fetch(url, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...cell, points, version: seen.get(key) ?? 0 }),
        });
        const body = (await response.json()) as {
          cell?: unknown[];
          current?: unknown[];
          code?: string;
          detail?: string;
        };
        latencies.push(performance.now() - t0);
        if (response.ok && body.cell) {
          const version = Number(body.cell[4]);
          written.push({ cell: key, version, points });
          seen.set(key, version);
        } else if (response.status === 409 && body.code === 'GRADE_CHANGED') {
          conflicts += 1;
          // Reported: a sentence naming who set what, and the cell as it is now.
          if (!body.detail || !Array.isArray(body.current)) unreported += 1;
          else seen.set(key, Number(body.current[4]));
        } else
          throw new Error(
            `A grader's write answered ${String(response.status)}: ${JSON.stringify(body)}`,
          );
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: GRADERS }, (_, n) => grader(n)));
    const seconds = (performance.now() - started) / 1000;

    // Every write that stood is in the ledger, in order; the grade is the last of them.
    const grades = await db.query<{
      item_id: number;
      student_id: number;
      points: string;
      version: number;
      events: number;
    }>(
      `select g.item_id, g.student_id, g.points, g.version,
         (select count(*)::int from grade_events e where e.item_id = g.item_id
            and e.student_id = g.student_id) as events
       from grades g where g.course_id = $1`,
      [courseId],
    );
    let lost = 0;
    for (const cell of cells) {
      const key = keyOf(cell);
      const mine = written.filter((w) => w.cell === key).sort((a, b) => a.version - b.version);
      const grade = grades.find(
        (g) => keyOf({ itemId: g.item_id, studentId: g.student_id }) === key,
      );
      const versions = mine.map((w) => w.version);
      // A lost update: two writes that both stood at one version, a stood write the ledger does
      // not have, or a grade other than the last write that stood.
      const gaps = versions.some((v, i) => v !== i + 1);
      const last = mine.at(-1);
      if (!last) {
        if (grade) lost += 1;
        continue;
      }
      if (
        gaps ||
        !grade ||
        grade.events !== mine.length ||
        grade.version !== last.version ||
        Number(grade.points) !== last.points
      )
        lost += 1;
    }
    const p95 = quantile(latencies, 0.95);
    log(
      `  ${String(GRADERS)} graders × ${String(WRITES_EACH)} writes on ${String(cells.length)} shared cells in ${seconds.toFixed(1)} s: ${String(written.length)} stood, ${String(conflicts)} refused as changed meanwhile (${String(unreported)} without the cell as it is), ${String(lost)} cells with a lost update; a write p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
    const detail = {
      graders: GRADERS,
      writes: GRADERS * WRITES_EACH,
      cells: cells.length,
      stood: written.length,
      conflicts,
      unreported,
      lostCells: lost,
      p50ms: Number(quantile(latencies, 0.5).toFixed(2)),
      p95ms: Number(p95.toFixed(2)),
      seconds: Number(seconds.toFixed(2)),
      note: `PUT …/course/:courseId/grade-book/cell as ${USERNAME} from ${String(GRADERS)} concurrent loops, each keeping the versions it saw (a refusal's cell gives the new one); checked against grades and grade_events after`,
    };
    return [
      result({
        scenario: 'grade-book-concurrency',
        name: 'ten graders on shared cells: cells with a lost update (PostgreSQL)',
        unit: '',
        value: lost + unreported,
        floor: 0,
        target: { on: 'value', op: '<=', limit: 0 },
        detail,
      }),
      result({
        scenario: 'grade-book-concurrency',
        name: 'ten graders on shared cells: a write, p95 (PostgreSQL)',
        unit: 'ms',
        value: p95,
        floor: quantile(latencies, 0.5),
        target: { on: 'value', op: '<=', limit: 300 },
        detail,
      }),
    ];
  } finally {
    await people.close();
  }
}

export const gradeBookConcurrency: Scenario = {
  name: 'grade-book-concurrency',
  summary:
    'issue 17: ten graders entering grades in the same grade-book cells at once on PostgreSQL: 0 lost updates, every conflict refused and reported',
  run: measure,
};
