import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdditionalCandidate,
  MyStudies,
  StudentCourse,
} from '@lantern/contracts/learning-work';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeItem, makeUnit } from './work.fixtures';

// The demo student (10015, CLC 1) is in programmes 1 (finished), 2 (running), 8 (bachelor) and
// 11 (orientation); student_2 (10018) is at CLC 2, outside the demo coordinator's CLC 1.
// Programme 10 (language, running) is offered at CLC 1: its courses are additional candidates.
const STUDENT = 10015;
const OTHER_CLC_STUDENT = 10018;

let t: TestApp;
let coordinator: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  coordinator = await t.as('coordinator');
});
afterAll(async () => {
  await t.close();
});

type Refusal = { code?: string; detail?: string; fields?: Record<string, string> };

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/en/student/${url}`,
    headers: coordinator,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json<{ items: StudentCourse[] } & Refusal>(),
  };
}

const course = (items: StudentCourse[], id: number) => items.find((c) => c.courseId === id);

describe('a student’s courses', () => {
  it('lists programme courses with their standing, progress and result', async () => {
    const res = await call('GET', `${STUDENT}/courses`);
    expect(res.status).toBe(200);
    expect(course(res.body.items, 4)).toMatchObject({
      code: 'BUS101',
      source: 'programme',
      status: 'active',
      class: { id: 3 },
    });
    expect(course(res.body.items, 1)?.status).toBe('read_only');
  });

  it('shows the result so far from published grades', async () => {
    const unit = await makeUnit(t.database, 6);
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    await t.database.query(
      `insert into grades (item_id, student_id, course_id, outcome, points, is_published, max_points, item_version, published_at)
       values ($1, $2, 6, 'graded', 5, true, 10, 1, now())`,
      [item, STUDENT],
    );
    const res = await call('GET', `${STUDENT}/courses`);
    // Course 6 has no demo content: this grade is its only graded work.
    const bus102 = course(res.body.items, 6);
    expect(bus102?.scaleMax).not.toBeNull();
    expect(bus102?.result).toBeCloseTo((bus102?.scaleMax ?? 0) / 2, 2);
  });

  it('is 404 for a student outside the caller’s CLCs', async () => {
    expect((await call('GET', `${OTHER_CLC_STUDENT}/courses`)).status).toBe(404);
    const drop = await call('POST', `${OTHER_CLC_STUDENT}/courses/4/drop`, { reason: 'x' });
    expect(drop.status).toBe(404);
  });

  it('drops a course with a reason, takes it out of the lms, and restores it', async () => {
    const noReason = await call('POST', `${STUDENT}/courses/6/drop`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty('reason');

    const dropped = await call('POST', `${STUDENT}/courses/6/drop`, { reason: 'Exempted' });
    expect(dropped.status).toBe(200);
    expect(course(dropped.body.items, 6)).toMatchObject({ status: 'dropped', reason: 'Exempted' });
    const learners = await t.database.query(
      `select 1 from course_learners where course_id = 6 and student_id = $1`,
      [STUDENT],
    );
    expect(learners).toHaveLength(0);

    const again = await call('POST', `${STUDENT}/courses/6/drop`, { reason: 'Exempted' });
    expect(again.status).toBe(409);

    const restored = await call('POST', `${STUDENT}/courses/6/restore`, { reason: 'Back' });
    expect(restored.status).toBe(200);
    expect(course(restored.body.items, 6)?.status).toBe('active');
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action in ('course.drop', 'course.restore')
         and entity_id = $1`,
      [String(STUDENT)],
    );
    expect(audit?.n).toBe(2);
  });

  it('is 404 for a course the student does not have', async () => {
    const res = await call('POST', `${STUDENT}/courses/8/drop`, { reason: 'x' });
    expect(res.status).toBe(404);
  });

  it('needs ACTIVE_COURSES__EDIT to drop', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/student/${STUDENT}/courses/4/drop`,
      headers: await t.as('student'),
      payload: { reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('additional courses', () => {
  it('adds a course outside the programme with a class, moves it, and removes it without work', async () => {
    // Two classes of programme 10 at the student's CLC: one to join, one to move to.
    await t.database.query(
      `insert into classes (programme_id, clc_id, name)
       select 10, min(clc_id), n from user_clcs, (values ('L-A'), ('L-B')) v(n)
       where user_id = $1 group by n`,
      [STUDENT],
    );
    const candidates = await t.app.inject({
      url: `/api/en/student/${STUDENT}/additional-courses/candidates`,
      headers: coordinator,
    });
    expect(candidates.statusCode).toBe(200);
    const items = candidates.json<{ items: AdditionalCandidate[] }>().items;
    const pick = items.find((c) => c.programme.id === 10);
    expect(pick).toBeDefined();
    expect(items.some((c) => c.courseId === 4)).toBe(false);
    const courseId = pick?.courseId ?? 0;

    const added = await call('POST', `${STUDENT}/additional-courses`, {
      courseId,
      classId: pick?.classes[0]?.id ?? null,
      reason: 'Needs the language course',
    });
    expect(added.status).toBe(200);
    const entry = course(added.body.items, courseId);
    expect(entry).toMatchObject({ source: 'additional', status: 'active' });
    const learners = await t.database.query(
      `select 1 from course_learners where course_id = $1 and student_id = $2 and may_submit`,
      [courseId, STUDENT],
    );
    expect(learners).toHaveLength(1);

    const twice = await call('POST', `${STUDENT}/additional-courses`, {
      courseId,
      classId: null,
      reason: 'again',
    });
    expect(twice.status).toBe(409);

    const options = await t.app.inject({
      url: `/api/en/student/${STUDENT}/additional-courses/${courseId}/classes`,
      headers: coordinator,
    });
    expect(options.statusCode).toBe(200);
    expect(pick?.classes.map((k) => k.name)).toEqual(['L-A', 'L-B']);
    expect(options.json<{ items: unknown[] }>().items).toEqual(pick?.classes);
    const notAdditional = await t.app.inject({
      url: `/api/en/student/${STUDENT}/additional-courses/4/classes`,
      headers: coordinator,
    });
    expect(notAdditional.statusCode).toBe(404);

    const wrongClass = await call('PATCH', `${STUDENT}/additional-courses/${courseId}`, {
      classId: 3,
      version: entry?.version ?? 1,
    });
    expect(wrongClass.status).toBe(400);
    const moved = await call('PATCH', `${STUDENT}/additional-courses/${courseId}`, {
      classId: null,
      version: entry?.version ?? 1,
    });
    expect(moved.status).toBe(200);
    expect(course(moved.body.items, courseId)?.class).toBeNull();
    const stale = await call('PATCH', `${STUDENT}/additional-courses/${courseId}`, {
      classId: null,
      version: entry?.version ?? 1,
    });
    expect(stale.status).toBe(409);

    const removed = await call('DELETE', `${STUDENT}/additional-courses/${courseId}`);
    expect(removed.status).toBe(200);
    expect(course(removed.body.items, courseId)).toBeUndefined();
  });

  it('refuses to remove an additional course with work: drop it instead', async () => {
    const items = (
      await t.app
        .inject({
          url: `/api/en/student/${STUDENT}/additional-courses/candidates`,
          headers: coordinator,
        })
        .then((r) => r.json<{ items: AdditionalCandidate[] }>())
    ).items;
    const courseId = items.find((c) => c.programme.id === 10)?.courseId ?? 0;
    await call('POST', `${STUDENT}/additional-courses`, {
      courseId,
      classId: null,
      reason: 'Extra',
    });
    const unit = await makeUnit(t.database, courseId);
    const item = await makeItem(t.database, unit, { kind: 'resource' });
    await t.database.query(
      `insert into item_progress (student_id, item_id, course_id, unit_id, source) values ($1, $2, $3, $4, 'done')`,
      [STUDENT, item, courseId, unit],
    );
    const res = await call('DELETE', `${STUDENT}/additional-courses/${courseId}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'HAS_WORK',
      detail: 'The student has work in this course, so it cannot be removed: drop it instead.',
    });
    const dropped = await call('POST', `${STUDENT}/courses/${courseId}/drop`, { reason: 'Done' });
    expect(course(dropped.body.items, courseId)?.status).toBe('dropped');
  });
});

describe('my studies', () => {
  it('shows a person their own programmes, states and breaks', async () => {
    const res = await t.app.inject({
      url: '/api/en/profile/studies',
      headers: await t.as('student'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<MyStudies>();
    expect(body.programmes.map((p) => p.programme.id).sort((a, b) => a - b)).toEqual([1, 2, 8, 11]);
    expect(body.programmes.find((p) => p.programme.id === 2)?.state).toBe('active');
  });
});
