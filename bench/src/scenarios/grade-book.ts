import type { Context, Scenario } from '../lib/context';
import { startAppWithStudents } from '../lib/people';
import type { Result } from '../lib/report';
import { measureApi } from './grade-book-api';
import { measureBrowser } from './grade-book-browser';
import { loadCourse, STUDENTS, TASKS_PER_UNIT, UNITS } from './grade-book-setup';

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
    const api = await measureApi(people.app.url, db, courseId, loadMs);
    const browser = await measureBrowser(people.app.url, courseId);
    return [...api, ...browser];
  } finally {
    await people.close();
  }
}

export const gradeBookScenario: Scenario = {
  name: 'grade-book',
  summary: `grade book of ${String(STUDENTS)} students × ${String(UNITS * TASKS_PER_UNIT)} tasks on PostgreSQL: the API's first 50 ≤ 300 ms and ≤ 3× bare SQL; in Chromium, first cell focused ≤ 1.5 s, scrolling every row p95 frame ≤ 33 ms with DOM rows ≤ 2 screens`,
  run: measure,
};
