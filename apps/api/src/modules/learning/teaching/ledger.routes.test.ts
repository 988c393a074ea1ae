import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradeBookAsOf, GradeHistoryPage, StudentGradesAsOf } from '@lantern/contracts/ledger';
import type { Grade } from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';

// The grade ledger's routes (decision 0021): a grade saved, published and overridden through the
// grading routes, then read back as history, as of each moment, and as the class's published
// grade book then.

let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};
/** The database's clock after each step: before anything, after save, after publish, after override. */
const at: Record<'start' | 'saved' | 'published' | 'overridden', string> = {
  start: '',
  saved: '',
  published: '',
  overridden: '',
};

const api = '/api/en/lms';
const demo = () => f.user.student ?? 0;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${api}${url}`,
    headers: h[who] ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T>(method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: unknown) {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function clock(): Promise<string> {
  const [row] = await t.database.query<{ at: string }>(
    `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
  );
  return row?.at ?? '';
}

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '953');
  for (const u of ['student', 'faculty', 'lead_faculty', 'facilitator_2', 'admin'])
    h[u] = await t.as(u);
  const submission = f.submissions[f.textTask]?.[demo()] ?? 0;
  at.start = await clock();
  const saved = await ok<Grade>('PUT', `/submission/${String(submission)}/grade`, 'faculty', {
    outcome: 'graded',
    points: 7,
    comment: 'Good start.',
    version: 0,
  });
  at.saved = await clock();
  const published = await ok<Grade>(
    'POST',
    `/submission/${String(submission)}/grade/publish`,
    'faculty',
    { version: saved.version },
  );
  at.published = await clock();
  await ok<Grade>('PUT', `/submission/${String(submission)}/grade`, 'lead_faculty', {
    outcome: 'graded',
    points: 9,
    comment: 'Regraded with the rubric.',
    version: published.version,
    reason: 'The second page was missed.',
  });
  at.overridden = await clock();
});
afterAll(async () => t.close());

describe('grade history', () => {
  it('lists every change newest first, with old → new, who and why, a page at a time', async () => {
    const history = await ok<GradeHistoryPage>(
      'GET',
      `/student/${String(demo())}/grade-history?courseId=${String(f.courseId)}`,
      'faculty',
    );
    expect(history.student.id).toBe(demo());
    expect(history.entries.map((e) => e.action)).toEqual(['override', 'publish', 'save']);
    const [override, publish, save] = history.entries;
    expect(override).toMatchObject({
      subject: 'task',
      item: { id: f.textTask, title: 'Reflection' },
      old: { points: 7, published: true },
      new: { points: 9, published: true },
      comment: 'Regraded with the rubric.',
      maxPoints: 10,
      reason: 'The second page was missed.',
      gradeVersion: 3,
      actor: { id: f.user.lead_faculty },
    });
    expect(publish).toMatchObject({ old: { published: false }, new: { published: true } });
    expect(save).toMatchObject({
      old: { points: null, published: null },
      new: { points: 7, published: false },
      actor: { id: f.user.faculty },
    });
    expect(history.next).toBeNull();

    const first = await ok<GradeHistoryPage>(
      'GET',
      `/student/${String(demo())}/grade-history?courseId=${String(f.courseId)}&limit=2`,
      'faculty',
    );
    expect(first.entries.map((e) => e.action)).toEqual(['override', 'publish']);
    expect(first.next).toBe(first.entries[1]?.id);
    const second = await ok<GradeHistoryPage>(
      'GET',
      `/student/${String(demo())}/grade-history?courseId=${String(f.courseId)}&limit=2&before=${String(first.next)}`,
      'faculty',
    );
    expect(second.entries.map((e) => e.action)).toEqual(['save']);
    expect(second.next).toBeNull();
  });

  it('is not found for a learner out of reach, and refused without the grade book right', async () => {
    const res = await call('GET', `/student/${String(demo())}/grade-history`, 'facilitator_2');
    expect(res.statusCode).toBe(404);
    const own = await call('GET', `/student/${String(demo())}/grade-history`, 'student');
    expect(own.statusCode).toBe(403);
  });

  it('shows a learner only what touched a published grade, never a draft’s values', async () => {
    const mine = await ok<GradeHistoryPage>(
      'GET',
      `/my-grade-history?courseId=${String(f.courseId)}`,
      'student',
    );
    expect(mine.entries.map((e) => e.action)).toEqual(['override', 'publish']);
    const publish = mine.entries[1];
    expect(publish?.old).toEqual({ points: null, outcome: null, published: false });
    expect(publish?.new).toMatchObject({ points: 7, published: true });
  });
});

describe('as of a time', () => {
  const asOf = (when: string) =>
    ok<StudentGradesAsOf>(
      'GET',
      `/student/${String(demo())}/grades-as-of?courseId=${String(f.courseId)}&at=${encodeURIComponent(when)}`,
      'faculty',
    );

  it("rebuilds a student's grades as they stood at each moment", async () => {
    expect((await asOf(at.start)).grades).toEqual([]);
    expect((await asOf(at.saved)).grades).toEqual([
      expect.objectContaining({
        item: { id: f.textTask, title: 'Reflection' },
        points: 7,
        published: false,
        comment: 'Good start.',
        version: 1,
      }),
    ]);
    expect((await asOf(at.published)).grades[0]).toMatchObject({
      points: 7,
      published: true,
      comment: 'Good start.',
      version: 2,
    });
    expect((await asOf(at.overridden)).grades[0]).toMatchObject({
      points: 9,
      published: true,
      comment: 'Regraded with the rubric.',
      version: 3,
    });
  });

  it('rebuilds the class’s published grade book: drafts are not shown, totals as then', async () => {
    const book = (when: string) =>
      ok<GradeBookAsOf>(
        'GET',
        `/course/${String(f.courseId)}/grade-book/as-of?classId=${String(f.k1)}&at=${encodeURIComponent(when)}`,
        'faculty',
      );
    const text = (b: GradeBookAsOf) => {
      const row = b.rows.find((r) => r.studentId === demo());
      const col = b.columns.findIndex((c) => c.id === f.textTask);
      return { cell: row?.cells[col], points: row?.points, soFar: row?.soFar };
    };
    const draft = await book(at.saved);
    expect(draft.columns.map((c) => c.id)).toEqual([f.textTask, f.fileTask]);
    expect(draft.rows.map((r) => r.studentId)).toContain(demo());
    expect(text(draft)).toEqual({ cell: null, points: 0, soFar: null });
    expect(text(await book(at.published))).toEqual({
      cell: { points: 7, outcome: 'graded' },
      points: 7,
      soFar: Math.round(0.7 * f.scaleMax * 100) / 100,
    });
    expect(text(await book(at.overridden))).toMatchObject({ cell: { points: 9 }, points: 9 });

    const csv = await call(
      'GET',
      `/course/${String(f.courseId)}/grade-book/as-of/export?classId=${String(f.k1)}&at=${encodeURIComponent(at.published)}&format=csv`,
      'lead_faculty',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Unit one — Reflection (10)');
    // The demo learner's row: the published 7 then, not the 9 of the later override.
    expect(csv.body).toContain('"Garang","Achol","7",,"7",');
  });

  it('takes a date for the end of that day, and refuses a time to come', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const earlier = await asOf(yesterday);
    expect(earlier.at).toBe(`${yesterday}T23:59:59.999999Z`);
    expect(earlier.grades).toEqual([]);
    const future = await call(
      'GET',
      `/student/${String(demo())}/grades-as-of?at=${String(Number(today.slice(0, 4)) + 1)}-01-01`,
      'faculty',
    );
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('Choose a time that has passed.');
    const otherClass = await call(
      'GET',
      `/course/${String(f.courseId)}/grade-book/as-of?classId=999999&at=${yesterday}`,
      'faculty',
    );
    expect(otherClass.statusCode).toBe(404);
  });
});
