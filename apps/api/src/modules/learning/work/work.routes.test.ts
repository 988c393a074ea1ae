import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Attempt,
  LmsHome,
  MyGrades,
  MyProgress,
  MyWork,
} from '@lantern/contracts/learning-work';
import { WORD_COUNT_SAMPLES } from '@lantern/contracts/words-samples';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeItem, makeUnit, publishDecision } from './work.fixtures';

// The demo student (10015) learns in programme 2 (running, enrolment active, class 3): its
// course 4 is where these tests put their tasks. Programme 1 is finished (their enrolment
// completed): course 1 reads but takes no work. student_2 (10018) is in programme 2 too.
const STUDENT = 10015;
const COURSE = 4;
const OLD_COURSE = 1;
const LMS = '/api/en/lms';

let t: TestApp;
let student: { authorization: string };
let unit: number;

beforeAll(async () => {
  t = await buildTestApp();
  student = await t.as('student');
  unit = await makeUnit(t.database, COURSE);
});
afterAll(async () => {
  await t.close();
});

const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

type Refusal = { code?: string; detail?: string; fields?: Record<string, string> };

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as inject's res.json<T>() does
async function call<T>(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = student,
): Promise<{ status: number; body: T & Refusal }> {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<T & Refusal>() };
}

const draft = (itemId: number, body: Record<string, unknown>, headers = student) =>
  call<Attempt>('PUT', `${LMS}/task/${itemId}/draft`, body, headers);
const submit = (itemId: number, body: Record<string, unknown>, headers = student) =>
  call<Attempt>('POST', `${LMS}/task/${itemId}/submit`, body, headers);
const myWork = (itemId: number, headers = student) =>
  call<MyWork>('GET', `${LMS}/task/${itemId}/my-work`, undefined, headers);

async function courseFigures(courseId = COURSE) {
  const [row] = await t.database.query<{ items_done: number; tasks_submitted: number }>(
    `select items_done, tasks_submitted from course_progress where student_id = $1 and course_id = $2`,
    [STUDENT, courseId],
  );
  return row ?? { items_done: 0, tasks_submitted: 0 };
}

describe('mark done', () => {
  it('marks a resource done once however often it is sent, and takes it back', async () => {
    const item = await makeItem(t.database, unit, { kind: 'resource' });
    const before = await courseFigures();
    const first = await call<{ done: boolean; completedAt: string }>(
      'PUT',
      `${LMS}/item/${item}/done`,
      { clientEventId: randomUUID() },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ itemId: item, done: true });
    const again = await call<{ completedAt: string }>('PUT', `${LMS}/item/${item}/done`);
    expect(again.body.completedAt).toBe(first.body.completedAt);
    expect((await courseFigures()).items_done).toBe(before.items_done + 1);
    const undone = await call('DELETE', `${LMS}/item/${item}/done`);
    expect(undone.body).toEqual({ itemId: item, done: false, completedAt: null });
    expect((await courseFigures()).items_done).toBe(before.items_done);
  });

  it('is 404 for a task, an unpublished item and a course the student is not in', async () => {
    const task = await makeItem(t.database, unit, { kind: 'text_task' });
    const hidden = await makeItem(t.database, unit, { kind: 'resource', published: false });
    const otherUnit = await makeUnit(t.database, 8);
    const other = await makeItem(t.database, otherUnit, { kind: 'resource' });
    for (const id of [task, hidden, other, 999_999]) {
      const res = await call('PUT', `${LMS}/item/${id}/done`);
      expect(res.status).toBe(404);
    }
  });

  it('needs SUBMISSION__CREATE', async () => {
    const item = await makeItem(t.database, unit, { kind: 'resource' });
    const res = await call('PUT', `${LMS}/item/${item}/done`, undefined, await t.as('facilitator'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('MISSING_RIGHT');
  });
});

describe('my work', () => {
  it('gives the learner the instructions with course images as signed links', async () => {
    const task = await makeItem(t.database, unit, { kind: 'text_task' });
    const image = '0b5e2a8e-1111-4222-8333-444455556666';
    await t.database.query(`update learning_items set body = $2 where id = $1`, [
      task,
      `<p>Look at the chart.</p><img src="lantern-file:${image}">`,
    ]);
    const res = await myWork(task);
    expect(res.status).toBe(200);
    expect(res.body.task.body).toContain('<p>Look at the chart.</p>');
    expect(res.body.task.body).toMatch(
      new RegExp(`<img src="/api/files/${image}\\?expires=\\d+&amp;signature=[\\w-]+">`),
    );
  });
});

describe('a text task', () => {
  it('drafts, refuses a stale version, checks word bounds, and hands in once', async () => {
    const item = await makeItem(t.database, unit, {
      kind: 'text_task',
      settings: { minWords: 3, maxWords: 6 },
      dueAt: inDays(3),
    });
    const start = await myWork(item);
    expect(start.status).toBe(200);
    expect(start.body.state).toBe('not_started');
    expect(start.body.blocked).toBeNull();
    expect(start.body.task.settings).toMatchObject({ minWords: 3, maxWords: 6 });

    const clientId = randomUUID();
    const saved = await draft(item, { clientId, version: null, text: 'Two words' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ attempt: 1, status: 'draft', wordCount: 2, version: 1 });

    const tooFew = await submit(item, { clientId, version: 1 });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body).toMatchObject({
      code: 'VALIDATION',
      fields: { text: 'Not enough words.' },
    });

    const longer = await draft(item, {
      clientId,
      version: 1,
      text: 'one two three four five six seven',
    });
    expect(longer.body.version).toBe(2);
    const tooMany = await submit(item, { clientId, version: 2 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({ text: 'Too many words: at most 6.' });

    // Another tab still at version 1: refused, nothing overwritten.
    const stale = await draft(item, { clientId, version: 1, text: 'older text' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await myWork(item)).body.draft?.text).toBe('one two three four five six seven');

    await draft(item, { clientId, version: 2, text: 'مرحبا بكم في الدرس' });
    const handedIn = await submit(item, { clientId, version: 3 });
    expect(handedIn.status).toBe(200);
    expect(handedIn.body).toMatchObject({ status: 'submitted', late: false, wordCount: 4 });

    // The same clientId again answers the stored result; no second attempt.
    const again = await submit(item, { clientId, version: 3 });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(handedIn.body.id);
    const work = await myWork(item);
    expect(work.body.state).toBe('submitted');
    expect(work.body.attempts).toHaveLength(1);
    expect(work.body.blocked?.code).toBe('ATTEMPT_NOT_RETURNED');

    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'submission.submit' and entity_id = $1`,
      [String(handedIn.body.id)],
    );
    expect(audit?.n).toBe(1);
    const [progress] = await t.database.query<{ source: string }>(
      `select source from item_progress where student_id = $1 and item_id = $2`,
      [STUDENT, item],
    );
    expect(progress?.source).toBe('submitted');
  });

  it('counts words as the browser does, in every script of the shared samples', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const clientId = randomUUID();
    let version: number | null = null;
    for (const sample of WORD_COUNT_SAMPLES) {
      const saved = await draft(item, { clientId, version, text: sample.text });
      expect(saved.body.wordCount, sample.label).toBe(sample.words);
      version = saved.body.version;
    }
  });

  it('refuses an empty answer and marks late work late', async () => {
    const item = await makeItem(t.database, unit, {
      kind: 'text_task',
      dueAt: inDays(-2),
      lateUntil: inDays(2),
    });
    const empty = await submit(item, { clientId: randomUUID(), version: 1 });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ text: 'Not enough words.' });
    const clientId = randomUUID();
    await draft(item, { clientId, version: null, text: 'Late but here.' });
    const res = await submit(item, { clientId, version: 1 });
    expect(res.body).toMatchObject({ status: 'submitted', late: true });
  });

  it('counts submitted tasks in the course figures', async () => {
    const before = await courseFigures();
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const clientId = randomUUID();
    await draft(item, { clientId, version: null, text: 'An answer of some words.' });
    await submit(item, { clientId, version: 1 });
    const after = await courseFigures();
    expect(after.items_done).toBe(before.items_done + 1);
    expect(after.tasks_submitted).toBe(before.tasks_submitted + 1);
  });
});

describe('attempts', () => {
  it('starts a new attempt only after a published return, within maxAttempts, keeping all', async () => {
    const item = await makeItem(t.database, unit, {
      kind: 'text_task',
      settings: { maxAttempts: 2 },
    });
    const first = randomUUID();
    await draft(item, { clientId: first, version: null, text: 'First try.' });
    const one = await submit(item, { clientId: first, version: 1 });

    const early = await draft(item, { clientId: randomUUID(), version: null, text: 'Again' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'ATTEMPT_NOT_RETURNED',
      detail: 'You can hand in again once your work is returned.',
    });

    await publishDecision(t.database, one.body.id, 'returned', 'Please add an example.');
    expect((await myWork(item)).body.state).toBe('returned');

    const second = randomUUID();
    const two = await draft(item, { clientId: second, version: null, text: 'Second try.' });
    expect(two.status).toBe(200);
    expect(two.body.attempt).toBe(2);
    const latest = await t.database.query<{ attempt: number }>(
      `select attempt from submissions where item_id = $1 and student_id = $2 and is_latest`,
      [item, STUDENT],
    );
    expect(latest).toEqual([{ attempt: 2 }]);
    await submit(item, { clientId: second, version: 1 });
    await publishDecision(t.database, two.body.id, 'returned');

    const third = await draft(item, { clientId: randomUUID(), version: null, text: 'Third' });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('NO_ATTEMPT_LEFT');

    const work = await myWork(item);
    expect(work.body.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(work.body.attempts[0]?.decision).toMatchObject({
      outcome: 'returned',
      comment: 'Please add an example.',
    });
    // Only one attempt's progress: the task stays done once.
    const [n] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from item_progress where student_id = $1 and item_id = $2`,
      [STUDENT, item],
    );
    expect(n?.n).toBe(1);
  });

  it('takes nothing more once graded', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const clientId = randomUUID();
    await draft(item, { clientId, version: null, text: 'Final answer.' });
    const done = await submit(item, { clientId, version: 1 });
    await publishDecision(t.database, done.body.id, 'graded', 'Well done.');
    const res = await draft(item, { clientId: randomUUID(), version: null, text: 'More' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ALREADY_SUBMITTED');
    const work = await myWork(item);
    expect(work.body.state).toBe('graded');
    expect(work.body.attempts[0]?.decision).toMatchObject({ points: 7, comment: 'Well done.' });
  });
});

describe('a task not released yet', () => {
  it('is not there for a learner before its unit opens or its visible-from day, like on the unit page', async () => {
    const later = await makeUnit(t.database, COURSE, { opensAt: '2099-03-12T09:00:00Z' });
    const inLater = await makeItem(t.database, later, { kind: 'text_task' });
    const notYet = await makeItem(t.database, unit, {
      kind: 'text_task',
      visibleFrom: '2099-09-01T09:00:00Z',
    });
    await t.database.query(`update learning_items set title = 'Secret task' where id = any($1)`, [
      [inLater, notYet],
    ]);
    for (const item of [inLater, notYet]) {
      const work = await myWork(item);
      expect(work.status).toBe(404);
      expect(JSON.stringify(work.body)).not.toContain('Secret task');
      const res = await draft(item, { clientId: randomUUID(), version: null, text: 'words' });
      expect(res.status).toBe(404);
    }
    // A quiz the same: its page says nothing of it.
    const quiz = await makeItem(t.database, unit, {
      kind: 'text_task',
      visibleFrom: '2099-09-01T09:00:00Z',
    });
    await t.database.query(`update learning_items set kind = 'quiz' where id = $1`, [quiz]);
    const myQuiz = await call('GET', `${LMS}/quiz/${quiz}/my-quiz`, undefined, student);
    expect(myQuiz.status).toBe(404);
    expect(JSON.stringify(myQuiz.body)).not.toContain('A learning item');
    // Once its visible-from day has come, it is there.
    await t.database.query(
      `update learning_items set visible_from = now() - interval '1 day' where id = $1`,
      [notYet],
    );
    expect((await myWork(notYet)).status).toBe(200);
  });
});

describe('who may submit', () => {
  async function refusal(itemId: number, headers = student) {
    const res = await draft(
      itemId,
      { clientId: randomUUID(), version: null, text: 'words' },
      headers,
    );
    return { status: res.status, code: res.body.code, detail: res.body.detail };
  }

  it('refuses a closed unit and past the cutoff', async () => {
    const closed = await makeUnit(t.database, COURSE, { status: 'closed' });
    expect(await refusal(await makeItem(t.database, closed, { kind: 'text_task' }))).toEqual({
      status: 409,
      code: 'UNIT_CLOSED',
      detail: 'This unit is closed: you can read it but not hand in work.',
    });
    const past = await makeItem(t.database, unit, {
      kind: 'text_task',
      dueAt: '2020-09-01T00:00:00Z',
      lateUntil: '2020-09-08T00:00:00Z',
    });
    expect(await refusal(past)).toEqual({
      status: 409,
      code: 'PAST_CUTOFF',
      detail: 'The last day to hand this in was 8 Sep 2020.',
    });
    expect((await myWork(past)).body.blocked?.code).toBe('PAST_CUTOFF');
  });

  it('refuses a completed enrolment (read only)', async () => {
    const oldUnit = await makeUnit(t.database, OLD_COURSE);
    const item = await makeItem(t.database, oldUnit, { kind: 'text_task' });
    expect((await myWork(item)).status).toBe(200);
    const res = await refusal(item);
    expect(res.status).toBe(409);
    expect(res.code).toBe('ENROLMENT_NOT_ACTIVE');
    expect(res.detail).toMatch(
      /^Your enrolment in .+ is passed: you can read this course but not hand in work\.$/,
    );
  });

  it('refuses while on a study break, and says so on the page and the home', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const [sb] = await t.database.query<{ id: number }>(
      `insert into study_breaks (enrolment_id, starts_on, ends_on)
       select id, current_date - 1, date '2099-03-12' from enrolments where user_id = $1 and programme_id = 2
       returning id`,
      [STUDENT],
    );
    try {
      expect(await refusal(item)).toEqual({
        status: 409,
        code: 'ON_STUDY_BREAK',
        detail:
          'You are on a study break until 12 Mar 2099: you can read, and hand in work again after it.',
      });
      expect((await myWork(item)).body.studyBreakUntil).toBe('2099-03-12');
      const home = await call<LmsHome>('GET', `${LMS}/home`);
      expect(home.body.studyBreakUntil).toBe('2099-03-12');
    } finally {
      await t.database.query(`delete from study_breaks where id = $1`, [sb?.id]);
    }
  });

  it('refuses work handed in while impersonating', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const admin = await t.as('super_admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${LMS}/task/${item}/draft?_switch_user=student`,
      headers: admin,
      payload: { clientId: randomUUID(), version: null, text: 'words' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'IMPERSONATING',
      detail: 'Work can only be handed in by the student themselves.',
    });
  });

  it('is 404 for tasks out of reach: another programme, a draft unit, a resource', async () => {
    const elsewhere = await makeItem(t.database, await makeUnit(t.database, 8), {
      kind: 'text_task',
    });
    const draftUnit = await makeUnit(t.database, COURSE, { status: 'draft' });
    const hidden = await makeItem(t.database, draftUnit, { kind: 'text_task' });
    const resource = await makeItem(t.database, unit, { kind: 'resource' });
    for (const id of [elsewhere, hidden, resource]) {
      expect((await myWork(id)).status).toBe(404);
      expect((await refusal(id)).status).toBe(404);
    }
  });

  it('shows each learner only their own work', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task' });
    const clientId = randomUUID();
    await draft(item, { clientId, version: null, text: 'Mine alone.' });
    const other = await t.as('student_2');
    const theirs = await myWork(item, other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.attempts).toEqual([]);
    // Submitting someone else's draft by its clientId does not reach it.
    const res = await submit(item, { clientId, version: 1 }, other);
    expect(res.status).toBe(400);
  });
});

describe('a file task', () => {
  it('says "Please add a file first" and refuses uploads that are not the learner’s', async () => {
    const item = await makeItem(t.database, unit, { kind: 'file_task' });
    const clientId = randomUUID();
    const empty = await draft(item, { clientId, version: null, files: [] });
    expect(empty.status).toBe(200);
    const res = await submit(item, { clientId, version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ files: 'Please add a file first' });
    const foreign = await draft(item, {
      clientId,
      version: 1,
      files: [{ uploadId: randomUUID() }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.files).toMatch(/not one of yours/);
    const text = await draft(item, { clientId, version: 1, text: 'no' });
    expect(text.status).toBe(400);
  });

  it('attaches a completed upload of the learner and hands it in', async () => {
    const item = await makeItem(t.database, unit, { kind: 'file_task' });
    const [file] = await t.database.query<{ id: string }>(
      `insert into files (owner_id, kind, mime, size, sha256, storage_key)
       values ($1, 'submission', 'application/pdf', 1234, 'x', 'k') returning id::text`,
      [STUDENT],
    );
    const [upload] = await t.database.query<{ id: string }>(
      `insert into uploads (owner_id, purpose, item_id, filename, declared_size, "offset", storage_key,
          completed_at, file_id, expires_at)
       values ($1, 'submission', $2, 'essay.pdf', 1234, 1234, 'k', now(), $3, now() + interval '1 day')
       returning id::text`,
      [STUDENT, item, file?.id],
    );
    const clientId = randomUUID();
    const saved = await draft(item, {
      clientId,
      version: null,
      files: [{ uploadId: upload?.id }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.files).toMatchObject([{ name: 'essay.pdf', mime: 'application/pdf' }]);
    expect(saved.body.files[0]?.url).toMatch(/^\/api\/files\//);
    // Keeping the file by its id on the next save works too.
    const kept = await draft(item, { clientId, version: 1, files: [{ fileId: file?.id }] });
    expect(kept.body.files).toHaveLength(1);
    const res = await submit(item, { clientId, version: 2 });
    expect(res.body.status).toBe('submitted');
  });
});

describe('home, grades and progress', () => {
  it('shows the learner their concentrations, what is due, grades and progress', async () => {
    const item = await makeItem(t.database, unit, { kind: 'text_task', dueAt: inDays(5) });
    const home = await call<LmsHome>('GET', `${LMS}/home`);
    expect(home.status).toBe(200);
    expect(home.body.isLearner).toBe(true);
    expect(home.body.concentrations.map((c) => c.programme.id)).toContain(2);
    expect(home.body.due.map((d) => d.itemId)).toContain(item);
    expect(home.body.grades.length).toBeGreaterThan(0);
    expect(home.body.grades.length).toBeLessThanOrEqual(5);

    const grades = await call<MyGrades>('GET', `${LMS}/my-grades?sort=course&courseId=${COURSE}`);
    expect(grades.status).toBe(200);
    expect(grades.body.items.every((g) => g.course.id === COURSE)).toBe(true);
    expect(grades.body.total).toBeGreaterThan(0);

    const progress = await call<MyProgress>('GET', `${LMS}/my-progress`);
    const course = progress.body.concentrations
      .flatMap((c) => c.courses)
      .find((c) => c.id === COURSE);
    const figures = await courseFigures();
    expect(course?.itemsDone).toBe(figures.items_done);
    expect(course?.units.some((u) => u.id === unit)).toBe(true);
  });

  it('says a finished programme is finished and gives the learner their certificate', async () => {
    const [before] = await t.database.query<{ status: string }>(
      `select status::text from programmes where id = 2`,
    );
    const concentration = async () =>
      (await call<LmsHome>('GET', `${LMS}/home`)).body.concentrations.find(
        (c) => c.programme.id === 2,
      );
    expect(await concentration()).toMatchObject({ isFinished: false, certificateCode: null });
    await t.database.query(`update programmes set status = 'finished' where id = 2`);
    await t.database.query(
      `insert into certificates (enrolment_id, code, student_name, programme_title, certificate_text,
          certifying_university, clc_name, issued_on, revoked_at)
       select e.id, v.code, 'A learner', 'P', 'T', 'U', 'C', current_date, v.revoked::timestamptz
       from enrolments e, (values ('REVOKED-1', now()::text), ('VALID-1', null)) as v(code, revoked)
       where e.programme_id = 2 and e.user_id = $1`,
      [STUDENT],
    );
    try {
      // The revoked certificate is not offered; the valid one is.
      expect(await concentration()).toMatchObject({ isFinished: true, certificateCode: 'VALID-1' });
    } finally {
      await t.database.query(`delete from certificates where code in ('REVOKED-1', 'VALID-1')`);
      await t.database.query(`update programmes set status = $1::programme_status where id = 2`, [
        before?.status,
      ]);
    }
  });

  it('shows staff their classes instead', async () => {
    const home = await call<LmsHome>('GET', `${LMS}/home`, undefined, await t.as('facilitator'));
    expect(home.status).toBe(200);
    expect(home.body.isLearner).toBe(false);
    expect(home.body.concentrations).toEqual([]);
  });
});
