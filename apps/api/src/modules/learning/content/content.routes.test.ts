import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Concentration,
  CourseAuthoring,
  CourseOutline,
  ItemDetail,
  Itinerary,
  UnitView,
} from '@lantern/contracts/learning-content';
import { buildTestApp, type TestApp } from '../../../../test/helpers';

/*
 * Course content end to end: an author builds a course, a learner reads it, and every refusal
 * of decision 0019 about content. The fixtures are a running programme of our own at KAK (the
 * demo student learns in it, in a class the demo facilitator staffs) and a later run of it.
 */

let t: TestApp;
const h: Record<string, Record<string, string>> = {};
let programmeId = 0;
let courseId = 0;
let laterCourseId = 0;
let classId = 0;
let otherClassId = 0;
let studentId = 0;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);
const one = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  const [row] = await q<T>(text, params);
  if (!row) throw new Error(`no row: ${text}`);
  return row;
};

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of [
    'lead_faculty',
    'student',
    'student_2',
    'facilitator',
    'facilitator_2',
    'coordinator',
    'faculty',
  ])
    h[who] = await t.as(who);
  const kak = await one<{ id: number }>(`select id from clcs where code = 'KAK'`);
  const user = async (name: string) =>
    (await one<{ jwl_id: number }>(`select jwl_id from users where username = $1`, [name])).jwl_id;
  studentId = await user('student');
  const programme = await one<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('professional', '931', 'Content test', 'Content test', '2026-01-05', '2026-12-31', 'running')
     returning id`,
  );
  programmeId = programme.id;
  await q(`insert into programme_clcs (programme_id, clc_id) values ($1, $2)`, [
    programmeId,
    kak.id,
  ]);
  courseId = (
    await one<{ id: number }>(
      `insert into programme_courses (programme_id, code, title, units) values ($1, 'CT101', 'Content basics', 4) returning id`,
      [programmeId],
    )
  ).id;
  classId = (
    await one<{ id: number }>(
      `insert into classes (programme_id, clc_id, name) values ($1, $2, 'CT-1') returning id`,
      [programmeId, kak.id],
    )
  ).id;
  otherClassId = (
    await one<{ id: number }>(
      `insert into classes (programme_id, clc_id, name) select p.id, $1, 'ELSEWHERE' from programmes p where p.code = '236' returning id`,
      [kak.id],
    )
  ).id;
  await q(
    `insert into enrolments (programme_id, user_id, clc_id, state, class_id) values ($1, $2, $3, 'active', $4)`,
    [programmeId, studentId, kak.id, classId],
  );
  await q(`insert into class_staff (class_id, user_id, kind) values ($1, $2, 'facilitator')`, [
    classId,
    await user('facilitator'),
  ]);
  // The next run of the programme, half a year later (182 days), with the same course code.
  const later = await one<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('professional', '932', 'Content test 2', 'Content test (next run)', '2026-07-06', '2027-06-30', 'preparing')
     returning id`,
  );
  await q(`insert into programme_clcs (programme_id, clc_id) values ($1, $2)`, [later.id, kak.id]);
  laterCourseId = (
    await one<{ id: number }>(
      `insert into programme_courses (programme_id, code, title, units) values ($1, 'ct101', 'Content basics', 4) returning id`,
      [later.id],
    )
  ).id;
});
afterAll(async () => t.close());

const base = '/api/en/lms';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, path: string, who: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${base}${path}`,
    headers: h[who],
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function ok<T>(method: Method, path: string, who: string, payload?: unknown): Promise<T> {
  const res = await call(method, path, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const authoring = () => ok<CourseAuthoring>('GET', `/course/${courseId}/authoring`, 'lead_faculty');

const future = new Date(Date.now() + 14 * 86_400_000).toISOString();
const past = new Date(Date.now() - 3 * 86_400_000).toISOString();

let unitId = 0;
let secondUnitId = 0;
const ids: Record<string, number> = {};

describe('authoring a course and reading it as a learner', () => {
  it('builds a unit with a text, a link and a video resource and two tasks', async () => {
    const unit = await ok<{ id: number }>('POST', `/course/${courseId}/units`, 'lead_faculty', {
      title: 'Getting started',
      summary: '<p onclick="x()">Welcome <script>alert(1)</script><strong>all</strong></p>',
    });
    unitId = unit.id;
    const text = await ok<{ id: number }>('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
      title: 'Read me',
      body: '<h2>Hello</h2><p style="color:red">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a></p>',
      settings: { format: 'text' },
    });
    ids.text = text.id;
    ids.link = (
      await ok<{ id: number }>('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
        title: 'A site',
        settings: { format: 'link', url: 'https://example.org/reading' },
      })
    ).id;
    ids.video = (
      await ok<{ id: number }>('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
        title: 'A talk',
        settings: { format: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3' },
      })
    ).id;
    ids.essay = (
      await ok<{ id: number }>('POST', `/unit/${unitId}/tasks`, 'lead_faculty', {
        kind: 'text_task',
        title: 'Your essay',
        body: '<p>Write about your goals.</p>',
        delivery: 'online',
        maxPoints: 10,
        dueAt: future,
        settings: { minWords: 50, maxWords: 300 },
      })
    ).id;
    ids.upload = (
      await ok<{ id: number }>('POST', `/unit/${unitId}/tasks`, 'lead_faculty', {
        kind: 'file_task',
        title: 'Your plan',
        delivery: 'onsite',
        maxPoints: 20,
        dueAt: past,
        settings: { accept: ['pdf', 'docx'], maxFiles: 2, maxFileBytes: 10_000_000 },
      })
    ).id;
    const course = await authoring();
    const built = course.units.find((u) => u.id === unitId);
    expect(built?.status).toBe('draft');
    expect(built?.summary).toBe('<p>Welcome <strong>all</strong></p>');
    expect(built?.items.map((i) => i.title)).toEqual([
      'Read me',
      'A site',
      'A talk',
      'Your essay',
      'Your plan',
    ]);
    const detail = await ok<ItemDetail>('GET', `/item/${ids.text}/authoring`, 'lead_faculty');
    expect(detail.body).toBe(
      '<h2>Hello</h2><p>Text <a>bad</a> <a href="https://example.org" rel="noopener noreferrer" target="_blank">good</a></p>',
    );
    const video = await ok<ItemDetail>('GET', `/item/${ids.video}/authoring`, 'lead_faculty');
    expect(video.settings).toEqual({
      format: 'video',
      url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    // Every save kept a revision of the item.
    const revisions = await q<{ version: number }>(
      `select version from learning_item_revisions where item_id = $1`,
      [ids.essay],
    );
    expect(revisions.map((r) => r.version)).toEqual([1]);
  });

  it('refuses a video from another host with the hosts it takes, and bad task settings', async () => {
    const res = await call('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
      title: 'Elsewhere',
      settings: { format: 'video', url: 'https://videos.example.com/watch/1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: 'Videos can come only from: www.youtube-nocookie.com, player.vimeo.com.',
      code: 'VALIDATION',
    });
    const words = await call('POST', `/unit/${unitId}/tasks`, 'lead_faculty', {
      kind: 'text_task',
      title: 'Bounds',
      delivery: 'online',
      maxPoints: 5,
      settings: { minWords: 300, maxWords: 50 },
    });
    expect(words.statusCode).toBe(400);
    const late = await call('POST', `/unit/${unitId}/tasks`, 'lead_faculty', {
      kind: 'text_task',
      title: 'Dates',
      delivery: 'online',
      maxPoints: 5,
      dueAt: future,
      lateUntil: past,
      settings: {},
    });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ fields: Record<string, string> }>().fields.lateUntil).toBe(
      'The last day for late work must be on or after the due date.',
    );
    const file = await call('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
      title: 'No file',
      settings: { format: 'file', uploadId: '0b5e2a8e-1111-4222-8333-444455556666' },
    });
    expect(file.statusCode).toBe(400);
  });

  it('keeps a draft unit from learners, and publishing shows its items', async () => {
    expect((await call('GET', `/unit/${unitId}`, 'student')).statusCode).toBe(404);
    const before = await ok<CourseOutline>('GET', `/course/${courseId}`, 'student');
    expect(before.isLearner).toBe(true);
    expect(before.units).toEqual([]);
    const unit = (await authoring()).units.find((u) => u.id === unitId);
    await ok('POST', `/unit/${unitId}/publish`, 'lead_faculty', { version: unit?.version });
    const view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(view.isLearner).toBe(true);
    expect(view.maySubmit).toBe(true);
    expect(view.items.map((i) => [i.title, i.kind, i.done])).toEqual([
      ['Read me', 'resource', false],
      ['A site', 'resource', false],
      ['A talk', 'resource', false],
      ['Your essay', 'text_task', false],
      ['Your plan', 'file_task', false],
    ]);
    const essay = view.items.find((i) => i.id === ids.essay);
    expect(essay?.task).toMatchObject({
      delivery: 'online',
      maxPoints: 10,
      minWords: 50,
      maxWords: 300,
      answerRoute: 'submit_text',
      mine: { state: 'not_started', late: false, points: null },
    });
    const plan = view.items.find((i) => i.id === ids.upload);
    expect(plan?.task).toMatchObject({
      accept: ['pdf', 'docx'],
      answerRoute: 'submit_work',
      mine: { state: 'not_started', late: true },
    });
    expect(view.items.find((i) => i.id === ids.video)?.resource).toEqual({
      format: 'video',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    // An item added to a published unit stays a draft until published itself.
    ids.extra = (
      await ok<{ id: number }>('POST', `/unit/${unitId}/resources`, 'lead_faculty', {
        title: 'Added later',
        settings: { format: 'text' },
      })
    ).id;
    const again = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(again.items.some((i) => i.id === ids.extra)).toBe(false);
    const preview = await ok<UnitView>('GET', `/unit/${unitId}/preview`, 'facilitator');
    expect(preview.items.find((i) => i.id === ids.extra)?.isDraft).toBe(true);
    expect(preview.isLearner).toBe(false);
  });

  it('shows the learner their state: done, draft, submitted, graded and returned', async () => {
    await q(
      `insert into item_progress (student_id, item_id, course_id, unit_id, completed_at, source)
       values ($1, $2, $3, $4, now(), 'done')`,
      [studentId, ids.text, courseId, unitId],
    );
    const itemVersion = 1;
    await q(
      `insert into submissions (item_id, student_id, course_id, status, text, item_version)
       values ($1, $2, $3, 'draft', 'so far', $4)`,
      [ids.essay, studentId, courseId, itemVersion],
    );
    await q(
      `insert into submissions (item_id, student_id, course_id, status, submitted_at, item_version)
       values ($1, $2, $3, 'submitted', now(), $4)`,
      [ids.upload, studentId, courseId, itemVersion],
    );
    let view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    const state = (id: number | undefined) =>
      view.items.find((i) => i.id === id)?.task?.mine?.state;
    expect(view.items.find((i) => i.id === ids.text)?.done).toBe(true);
    expect(state(ids.essay)).toBe('draft');
    expect(state(ids.upload)).toBe('submitted');
    const submission = await one<{ id: number }>(
      `select id from submissions where item_id = $1 and student_id = $2`,
      [ids.upload, studentId],
    );
    await q(
      `insert into grades (item_id, student_id, course_id, submission_id, outcome, points, max_points, item_version, is_published)
       values ($1, $2, $3, $4, 'graded', 15, 20, 1, false)`,
      [ids.upload, studentId, courseId, submission.id],
    );
    view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(state(ids.upload)).toBe('submitted');
    await q(`update grades set is_published = true where item_id = $1`, [ids.upload]);
    view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(view.items.find((i) => i.id === ids.upload)?.task?.mine).toEqual({
      state: 'graded',
      late: false,
      points: 15,
    });
    await q(`update grades set outcome = 'returned', points = null where item_id = $1`, [
      ids.upload,
    ]);
    view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(state(ids.upload)).toBe('returned');
  });

  it('answers a revisit of the outline and the unit with 304, and a change with a new tag', async () => {
    const first = await call('GET', `/course/${courseId}`, 'student');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: `${base}/course/${courseId}`,
      headers: { ...h.student, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const outline = first.json<CourseOutline>();
    expect(outline.units[0]).toMatchObject({ itemsTotal: 5, itemsDone: 1, tasks: 2 });
    // Someone else's tag is not the learner's: the person is part of it.
    const staff = await t.app.inject({
      url: `${base}/course/${courseId}`,
      headers: { ...h.facilitator, 'if-none-match': etag },
    });
    expect(staff.statusCode).toBe(200);
    await ok('PATCH', `/unit/${unitId}`, 'lead_faculty', {
      title: 'Getting started well',
      version: (await authoring()).units[0]?.version,
    });
    const changed = await t.app.inject({
      url: `${base}/course/${courseId}`,
      headers: { ...h.student, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const unitFirst = await call('GET', `/unit/${unitId}`, 'student');
    const unitAgain = await t.app.inject({
      url: `${base}/unit/${unitId}`,
      headers: { ...h.student, 'if-none-match': String(unitFirst.headers.etag) },
    });
    expect(unitAgain.statusCode).toBe(304);
  });

  it('shows a unit that opens later without its items, and a closed unit read-only', async () => {
    const later = await ok<{ id: number }>('POST', `/course/${courseId}/units`, 'lead_faculty', {
      title: 'Later on',
      opensAt: future,
    });
    secondUnitId = later.id;
    await ok('POST', `/unit/${secondUnitId}/tasks`, 'lead_faculty', {
      kind: 'text_task',
      title: 'Later essay',
      delivery: 'online',
      maxPoints: 5,
      settings: {},
    });
    await ok('POST', `/unit/${secondUnitId}/publish`, 'lead_faculty', { version: 1 });
    const view = await ok<UnitView>('GET', `/unit/${secondUnitId}`, 'student');
    expect(view.unit.availability).toBe('not_open');
    expect(view.items).toEqual([]);
    expect(view.maySubmit).toBe(false);
    expect(view.previousUnitId).toBe(unitId);

    const unit = (await authoring()).units.find((u) => u.id === unitId);
    await ok('POST', `/unit/${unitId}/close`, 'lead_faculty', { version: unit?.version });
    const closed = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(closed.unit.availability).toBe('closed');
    expect(closed.maySubmit).toBe(false);
    expect(closed.items.length).toBeGreaterThan(0);
    const reopenVersion = (await authoring()).units.find((u) => u.id === unitId)?.version;
    const closeAgain = await call('POST', `/unit/${unitId}/close`, 'lead_faculty', {
      version: reopenVersion,
    });
    expect(closeAgain.statusCode).toBe(409);
    expect(closeAgain.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'Only a published unit can be closed.',
    });
    await ok('POST', `/unit/${unitId}/reopen`, 'lead_faculty', { version: reopenVersion });
  });

  it('lists the concentration and its itinerary for the learner', async () => {
    const home = await ok<Concentration>('GET', `/concentration/${programmeId}`, 'student');
    expect(home.isLearner).toBe(true);
    expect(home.courses).toEqual([
      expect.objectContaining({ id: courseId, unitCount: 2, itemsTotal: 5, itemsDone: 1 }),
    ]);
    expect(home.courses[0]?.pointsPublished).toBe(0);
    const itinerary = await ok<Itinerary>(
      'GET',
      `/concentration/${programmeId}/itinerary`,
      'student',
    );
    expect(itinerary.courses[0]?.units.map((u) => u.availability)).toEqual(['open', 'not_open']);
    expect(itinerary.courses[0]?.units[0]?.firstDueAt).toBe(past);
  });

  it('uses a class’s own dates for its learners', async () => {
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await ok('PUT', `/task/${ids.essay}/class-dates/${classId}`, 'lead_faculty', { dueAt: due });
    const view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(view.items.find((i) => i.id === ids.essay)?.task?.dueAt).toBe(due);
    const again = await call('PUT', `/task/${ids.essay}/class-dates/${classId}`, 'lead_faculty', {
      dueAt: due,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STALE_VERSION' });
    const elsewhere = await call(
      'PUT',
      `/task/${ids.essay}/class-dates/${otherClassId}`,
      'lead_faculty',
      { dueAt: due },
    );
    expect(elsewhere.statusCode).toBe(404);
    const detail = await ok<ItemDetail>('GET', `/item/${ids.essay}/authoring`, 'lead_faculty');
    expect(detail.classDates).toEqual([
      expect.objectContaining({ classId, className: 'CT-1', dueAt: due, version: 1 }),
    ]);
    await ok('DELETE', `/task/${ids.essay}/class-dates/${classId}`, 'lead_faculty');
  });

  it('reorders units and items at the course version', async () => {
    const course = await authoring();
    const order = [secondUnitId, unitId];
    await ok('PUT', `/course/${courseId}/unit-order`, 'lead_faculty', {
      ids: order,
      version: course.course.contentVersion,
    });
    const stale = await call('PUT', `/course/${courseId}/unit-order`, 'lead_faculty', {
      ids: order,
      version: course.course.contentVersion,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const now = await authoring();
    expect(now.units.map((u) => u.id)).toEqual(order);
    const missing = await call('PUT', `/course/${courseId}/unit-order`, 'lead_faculty', {
      ids: [unitId],
      version: now.course.contentVersion,
    });
    expect(missing.statusCode).toBe(400);
    const items = now.units.find((u) => u.id === unitId)?.items.map((i) => i.id) ?? [];
    await ok('PUT', `/unit/${unitId}/item-order`, 'lead_faculty', {
      ids: [...items].reverse(),
      version: now.course.contentVersion,
    });
    expect((await authoring()).units.find((u) => u.id === unitId)?.items.map((i) => i.id)).toEqual(
      [...items].reverse(),
    );
  });
});

describe('refusals', () => {
  it('refuses a stale edit, and keeps resource and task routes apart', async () => {
    const detail = await ok<ItemDetail>('GET', `/item/${ids.link}/authoring`, 'lead_faculty');
    const body = { title: 'Site', settings: { format: 'link', url: 'https://example.org' } };
    await ok('PATCH', `/resource/${ids.link}`, 'lead_faculty', {
      ...body,
      version: detail.version,
    });
    const stale = await call('PATCH', `/resource/${ids.link}`, 'lead_faculty', {
      ...body,
      version: detail.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const revisions = await q<{ version: number }>(
      `select version from learning_item_revisions where item_id = $1 order by version`,
      [ids.link],
    );
    expect(revisions.map((r) => r.version)).toEqual([1, 2, 3]);
    expect(
      (await call('PATCH', `/resource/${ids.essay}`, 'lead_faculty', { ...body, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/task/${ids.link}?version=1`, 'lead_faculty')).statusCode).toBe(
      404,
    );
    const kind = await call('PATCH', `/task/${ids.essay}`, 'lead_faculty', {
      kind: 'file_task',
      title: 'x',
      delivery: 'online',
      maxPoints: 1,
      settings: { accept: ['pdf'], maxFiles: 1, maxFileBytes: 10 },
      version: 1,
    });
    expect(kind.statusCode).toBe(400);
  });

  it('refuses to delete or unpublish what has submissions: close it instead', async () => {
    const course = await authoring();
    const unit = course.units.find((u) => u.id === unitId);
    const essay = unit?.items.find((i) => i.id === ids.essay);
    expect(essay?.hasSubmissions).toBe(true);
    const del = await call(
      'DELETE',
      `/task/${ids.essay}?version=${essay?.version}`,
      'lead_faculty',
    );
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      code: 'HAS_SUBMISSIONS',
      detail: 'This task has submissions: close it instead.',
    });
    const unpublishItem = await call('POST', `/item/${ids.essay}/unpublish`, 'lead_faculty', {
      version: essay?.version,
    });
    expect(unpublishItem.statusCode).toBe(409);
    expect(unpublishItem.json()).toMatchObject({ code: 'HAS_SUBMISSIONS' });
    const delUnit = await call(
      'DELETE',
      `/unit/${unitId}?version=${unit?.version}`,
      'lead_faculty',
    );
    expect(delUnit.json()).toMatchObject({
      code: 'HAS_SUBMISSIONS',
      detail: 'This unit has submissions: close it instead.',
    });
    const unpublish = await call('POST', `/unit/${unitId}/unpublish`, 'lead_faculty', {
      version: unit?.version,
    });
    expect(unpublish.statusCode).toBe(409);
    expect(unpublish.json()).toMatchObject({ code: 'HAS_SUBMISSIONS' });
    // Without work, an item goes (a tombstone) and learners no longer see it.
    const link = unit?.items.find((i) => i.id === ids.link);
    await ok('DELETE', `/resource/${ids.link}?version=${link?.version}`, 'lead_faculty');
    const view = await ok<UnitView>('GET', `/unit/${unitId}`, 'student');
    expect(view.items.some((i) => i.id === ids.link)).toBe(false);
    const gone = await one<{ deleted: boolean }>(
      `select deleted_at is not null as deleted from learning_items where id = $1`,
      [ids.link],
    );
    expect(gone.deleted).toBe(true);
  });

  it('answers 404 out of reach and 403 without the right', async () => {
    // A learner of another programme, a facilitator of another CLC.
    expect((await call('GET', `/course/${courseId}`, 'student_2')).statusCode).toBe(404);
    expect((await call('GET', `/unit/${unitId}`, 'student_2')).statusCode).toBe(404);
    expect((await call('GET', `/concentration/${programmeId}`, 'student_2')).statusCode).toBe(404);
    expect((await call('GET', `/course/${courseId}`, 'facilitator_2')).statusCode).toBe(404);
    expect((await call('GET', `/unit/${unitId}/preview`, 'facilitator_2')).statusCode).toBe(404);
    // The facilitator of the class reads it, without a learner's states.
    const staff = await ok<UnitView>('GET', `/unit/${unitId}`, 'facilitator');
    expect(staff.isLearner).toBe(false);
    expect(staff.items.every((i) => i.done === null && (i.task?.mine ?? null) === null)).toBe(true);
    // A learner does not preview; a non-author does not author.
    expect((await call('GET', `/unit/${unitId}/preview`, 'student')).statusCode).toBe(403);
    const create = await call('POST', `/course/${courseId}/units`, 'facilitator', { title: 'x' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({
      code: 'MISSING_RIGHT',
      missingRight: 'COURSE_DOCUMENT__CREATE',
    });
    expect((await call('GET', `/course/${courseId}/authoring`, 'faculty')).statusCode).toBe(403);
    expect((await call('GET', `/course/${courseId}`, 'coordinator')).statusCode).toBe(403);
    expect((await call('GET', `/course/2147483646/authoring`, 'lead_faculty')).statusCode).toBe(
      404,
    );
  });
});

describe('syllabus', () => {
  it('is saved sanitised at the course version and read by learners', async () => {
    const { contentVersion } = (await authoring()).course;
    await ok('PUT', `/course/${courseId}/syllabus`, 'lead_faculty', {
      syllabus:
        '<h2>Aims</h2><img src="data:image/png;base64,AAAA"><img src="https://tracker.example/x.png"><p>Be kind.</p>',
      contentVersion,
    });
    const syllabus = await ok<{ syllabus: string }>(
      'GET',
      `/course/${courseId}/syllabus`,
      'student',
    );
    expect(syllabus.syllabus).toBe('<h2>Aims</h2><p>Be kind.</p>');
    const stale = await call('PUT', `/course/${courseId}/syllabus`, 'lead_faculty', {
      syllabus: '<p>x</p>',
      contentVersion,
    });
    expect(stale.statusCode).toBe(409);
    const big = await call('PUT', `/course/${courseId}/syllabus`, 'lead_faculty', {
      syllabus: `<p>${'x'.repeat(200_001)}</p>`,
      contentVersion: contentVersion + 1,
    });
    expect(big.statusCode).toBe(400);
  });
});

describe('copy from another run', () => {
  it('lists the earlier run and copies its units and items as drafts, dates moved', async () => {
    const sources = await ok<{ items: { courseId: number; units: number }[] }>(
      'GET',
      `/course/${laterCourseId}/copy-sources`,
      'lead_faculty',
    );
    expect(sources.items).toEqual([expect.objectContaining({ courseId, units: 2 })]);
    const result = await ok<{ units: number; items: number; shiftDays: number }>(
      'POST',
      `/course/${laterCourseId}/copy-from/${courseId}`,
      'lead_faculty',
      {},
    );
    expect(result).toMatchObject({ units: 2, shiftDays: 182 });
    const copied = await ok<CourseAuthoring>(
      'GET',
      `/course/${laterCourseId}/authoring`,
      'lead_faculty',
    );
    expect(copied.course.copiedFromCourseId).toBe(courseId);
    expect(copied.units.every((u) => u.status === 'draft')).toBe(true);
    expect(copied.units.flatMap((u) => u.items).every((i) => !i.isPublished)).toBe(true);
    // The deleted link stayed behind; the copied task's due date moved by 182 days.
    expect(result.items).toBe(copied.units.flatMap((u) => u.items).length);
    const source = await one<{ due_at: string }>(
      `select due_at from learning_items where id = $1`,
      [ids.upload],
    );
    const copy = await one<{ due_at: string }>(
      `select due_at from learning_items where copied_from_item_id = $1 and course_id = $2`,
      [ids.upload, laterCourseId],
    );
    expect(
      Math.round(
        (new Date(copy.due_at).getTime() - new Date(source.due_at).getTime()) / 86_400_000,
      ),
    ).toBe(182);
  });

  it('refuses a course that has units unless asked to append', async () => {
    const res = await call(
      'POST',
      `/course/${laterCourseId}/copy-from/${courseId}`,
      'lead_faculty',
      {},
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'COPY_TARGET_NOT_EMPTY' });
    const appended = await ok<{ units: number }>(
      'POST',
      `/course/${laterCourseId}/copy-from/${courseId}`,
      'lead_faculty',
      { mode: 'append' },
    );
    expect(appended.units).toBe(2);
    const after = await ok<CourseAuthoring>(
      'GET',
      `/course/${laterCourseId}/authoring`,
      'lead_faculty',
    );
    expect(after.units).toHaveLength(4);
    // Not another run: the course itself is no source of its own.
    expect(
      (await call('POST', `/course/${courseId}/copy-from/${courseId}`, 'lead_faculty', {}))
        .statusCode,
    ).toBe(404);
  });
});

describe('the demo content', () => {
  it('gives the demo student two courses of units in their running programme', async () => {
    const programme = await one<{ id: number }>(`select id from programmes where code = '236'`);
    const home = await ok<Concentration>('GET', `/concentration/${programme.id}`, 'student');
    const byCode = new Map(home.courses.map((c) => [c.code, c]));
    expect(byCode.get('BUS101')?.unitCount).toBe(2);
    expect(byCode.get('BUS102')?.unitCount).toBe(2);
    const bus101 = byCode.get('BUS101')?.id;
    const outline = await ok<CourseOutline>('GET', `/course/${bus101}`, 'student');
    expect(outline.units.map((u) => u.availability)).toEqual(['closed', 'open']);
    expect(outline.course.hasSyllabus).toBe(true);
    const open = await ok<UnitView>('GET', `/unit/${outline.units[1]?.id}`, 'student');
    expect(open.items.map((i) => i.resource?.format ?? i.kind)).toEqual([
      'text',
      'link',
      'video',
      'text_task',
      'file_task',
    ]);
    // Every other kind of work is there to try in the other course: an open quiz, a graded
    // discussion and a voice task (issue 27: a newcomer signed in as `student` found none).
    const bus102 = byCode.get('BUS102')?.id;
    const second = await ok<CourseOutline>('GET', `/course/${bus102}`, 'student');
    const cash = await ok<UnitView>('GET', `/unit/${second.units[0]?.id}`, 'student');
    const kinds = cash.items.map((i) => i.kind);
    for (const kind of ['quiz', 'discussion', 'voice_task']) expect(kinds, kind).toContain(kind);
    const quiz = cash.items.find((i) => i.kind === 'quiz');
    const mine = await call('GET', `/quiz/${String(quiz?.id)}/my-quiz`, 'student');
    expect(mine.statusCode, mine.body).toBe(200);
    const started = await call('POST', `/quiz/${String(quiz?.id)}/attempts`, 'student', {
      clientId: randomUUID(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const discussion = cash.items.find((i) => i.kind === 'discussion');
    const forum = await call('GET', `/discussion/${String(discussion?.id)}/forum`, 'student');
    expect(forum.statusCode, forum.body).toBe(200);
    // The language and orientation programmes have a published unit too.
    const others = await q<{ code: string; units: number }>(
      `select p.code, count(u.id)::int as units from programmes p
       join programme_courses c on c.programme_id = p.id
       join learning_units u on u.course_id = c.id and u.status = 'published'
       where p.code in ('610', 'OR1') group by p.code order by p.code`,
    );
    expect(others).toEqual([
      { code: '610', units: 1 },
      { code: 'OR1', units: 1 },
    ]);
  });
});
