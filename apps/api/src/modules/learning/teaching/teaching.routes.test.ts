import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClassDetail,
  ClassPage,
  ClassProgress,
  Grade,
  GradeBook,
  QueuePage,
  SubmissionView,
  TaskPublishResult,
} from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';

let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t);
  for (const u of [
    'admin',
    'student',
    'facilitator',
    'facilitator_2',
    'faculty',
    'lead_faculty',
    'teaching_assistant',
    'lead_facilitator',
  ])
    h[u] = await t.as(u);
});
afterAll(async () => t.close());

const api = '/api/en/lms';
const sub = (itemId: number, studentId: number) => f.submissions[itemId]?.[studentId] ?? 0;
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

describe('class_root and class', () => {
  it('lists the classes a facilitator staffs, with the work waiting', async () => {
    const page = await ok<ClassPage>('GET', '/classes?q=K1', 'facilitator');
    const k1 = page.items.find((k) => k.id === f.k1);
    // An onsite facilitator counts the onsite work only: the online text is faculty's (spec §6).
    expect(k1).toMatchObject({ name: 'K1', students: 4, toGrade: 1, late: 1 });
    expect(page.items.some((k) => k.id === f.k2)).toBe(false);
    const other = await ok<ClassPage>('GET', '/classes?q=K2', 'facilitator_2');
    expect(other.items.map((k) => k.id)).toContain(f.k2);
    expect(other.items.map((k) => k.id)).not.toContain(f.k1);
  });

  it('shows students × tasks and who has not handed in', async () => {
    const c = await ok<ClassDetail>('GET', `/class/${String(f.k1)}`, 'faculty');
    expect(c.courseId).toBe(f.courseId);
    expect(c.tasks.map((x) => x.id)).toEqual([f.textTask, f.fileTask]);
    expect(c.total).toBe(4);
    expect(c.notSubmitted).toEqual({ [String(f.textTask)]: 0, [String(f.fileTask)]: 3 });
    const me = c.students.find((s) => s.studentId === demo());
    expect(me?.cells[1]).toMatchObject({ state: 'submitted', late: true });
    const searched = await ok<ClassDetail>(
      'GET',
      `/class/${String(f.k1)}?q=Garang&limit=10`,
      'faculty',
    );
    expect(searched.students.map((s) => s.studentId)).toEqual([demo()]);
  });

  it('is 404 for a class out of reach and 403 without the right', async () => {
    expect((await call('GET', `/class/${String(f.k2)}`, 'facilitator')).statusCode).toBe(404);
    expect((await call('GET', `/class/${String(f.k1)}/progress`, 'facilitator_2')).statusCode).toBe(
      404,
    );
    const student = await call('GET', `/class/${String(f.k1)}`, 'student');
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ code: 'MISSING_RIGHT' });
    expect(
      (await call('GET', `/class/${String(f.k1)}?courseId=999999`, 'faculty')).statusCode,
    ).toBe(404);
  });

  it('reads the class progress', async () => {
    const p = await ok<ClassProgress>('GET', `/class/${String(f.k1)}/progress`, 'facilitator');
    expect(p.tasksTotal).toBe(2);
    expect(p.itemsTotal).toBe(3);
    expect(p.students).toHaveLength(4);
  });
});

describe('the grading queue and a submission', () => {
  it('lists attempts waiting, oldest first, by keyset', async () => {
    const first = await ok<QueuePage>(
      'GET',
      `/course/${String(f.courseId)}/grading-queue?limit=2&classId=${String(f.k1)}`,
      'faculty',
    );
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const rest = await ok<QueuePage>(
      'GET',
      `/course/${String(f.courseId)}/grading-queue?limit=50&classId=${String(f.k1)}&cursor=${first.nextCursor ?? ''}`,
      'faculty',
    );
    // Faculty grade the four online answers; the onsite poster is the facilitators'.
    expect(rest.items).toHaveLength(2);
    const all = [...first.items, ...rest.items];
    const times = all.map((i) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    const late = await ok<QueuePage>(
      'GET',
      `/course/${String(f.courseId)}/grading-queue?state=late`,
      'facilitator',
    );
    expect(late.items.map((i) => i.submissionId)).toEqual([sub(f.fileTask, demo())]);
    // Another CLC's facilitator reaches only their class's learners.
    const theirs = await ok<QueuePage>(
      'GET',
      `/course/${String(f.courseId)}/grading-queue`,
      'facilitator_2',
    );
    expect(theirs.items.every((i) => f.students.k2.includes(i.studentId))).toBe(true);
  });

  it('shows the work and whether the caller may grade it', async () => {
    const id = sub(f.textTask, demo());
    const asFaculty = await ok<SubmissionView>('GET', `/submission/${String(id)}`, 'faculty');
    expect(asFaculty).toMatchObject({
      mayGrade: true,
      mayNotGradeReason: null,
      mayOverride: false,
    });
    expect(asFaculty.submission.text).toBe('My answer, in a few words.');
    const asFacilitator = await ok<SubmissionView>(
      'GET',
      `/submission/${String(id)}`,
      'facilitator',
    );
    expect(asFacilitator.mayGrade).toBe(false);
    expect(asFacilitator.mayNotGradeReason).toMatch(/^Grading online tasks needs/);
    const asTa = await ok<SubmissionView>('GET', `/submission/${String(id)}`, 'teaching_assistant');
    expect(asTa.mayGrade).toBe(false);
    expect((await call('GET', `/submission/${String(id)}`, 'facilitator_2')).statusCode).toBe(404);
    expect((await call('GET', `/submission/${String(id)}`, 'student')).statusCode).toBe(403);
    expect((await call('GET', '/submission/999999999', 'faculty')).statusCode).toBe(404);
  });

  it('carries the instructions the learner answered, images as signed links', async () => {
    const id = sub(f.textTask, demo());
    const image = '0b5e2a8e-1111-4222-8333-444455556666';
    const now = `<p>Write about <strong>your week</strong>.</p><img src="lantern-file:${image}">`;
    await t.database.query(`update learning_items set body = $2 where id = $1`, [f.textTask, now]);
    try {
      // No revision of the version handed in against: the current text, unchanged.
      let view = await ok<SubmissionView>('GET', `/submission/${String(id)}`, 'faculty');
      expect(view.task.instructions).toContain('<p>Write about <strong>your week</strong>.</p>');
      expect(view.task.instructions).toMatch(
        new RegExp(`<img src="/api/files/${image}\\?expires=\\d+&amp;signature=[\\w-]+">`),
      );
      expect(view.task.instructionsChanged).toBe(false);
      // The attempt was handed in against version 1, whose text was another: that one shows.
      await t.database.query(
        `insert into learning_item_revisions (item_id, version, content)
         values ($1, 1, jsonb_build_object('body', '<p>Write about your day.</p>'))`,
        [f.textTask],
      );
      view = await ok<SubmissionView>('GET', `/submission/${String(id)}`, 'faculty');
      expect(view.task.instructions).toBe('<p>Write about your day.</p>');
      expect(view.task.instructionsChanged).toBe(true);
    } finally {
      await t.database.query(`delete from learning_item_revisions where item_id = $1`, [
        f.textTask,
      ]);
      await t.database.query(`update learning_items set body = '' where id = $1`, [f.textTask]);
    }
  });
});

describe('grading and publishing', () => {
  it('refuses who is not responsible, and wrong points', async () => {
    const id = sub(f.textTask, demo());
    const url = `/submission/${String(id)}/grade`;
    const byFacilitator = await call('PUT', url, 'facilitator', {
      outcome: 'graded',
      points: 5,
      version: 0,
    });
    expect(byFacilitator.statusCode).toBe(403);
    expect(byFacilitator.json()).toMatchObject({
      code: 'NOT_RESPONSIBLE',
      detail:
        'Grading online tasks needs the right “Online course tasks — edit” and an online employee type.',
    });
    const byTa = await call('PUT', url, 'teaching_assistant', {
      outcome: 'graded',
      points: 5,
      version: 0,
    });
    expect(byTa.statusCode).toBe(403);
    expect(byTa.json()).toMatchObject({ code: 'NOT_RESPONSIBLE' });
    const tooMany = await call('PUT', url, 'faculty', {
      outcome: 'graded',
      points: 11,
      version: 0,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { points: 'At most 10' } });
    const none = await call('PUT', url, 'faculty', { outcome: 'graded', version: 0 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fields: { points: 'Enter the points' } });
    // The onsite task is the facilitator's, not faculty's.
    const onsite = await call(
      'PUT',
      `/submission/${String(sub(f.fileTask, demo()))}/grade`,
      'faculty',
      {
        outcome: 'graded',
        points: 5,
        version: 0,
      },
    );
    expect(onsite.statusCode).toBe(403);
  });

  it('saves a draft, refuses a stale version with who changed it, publishes once with a notification', async () => {
    const id = sub(f.textTask, demo());
    const url = `/submission/${String(id)}/grade`;
    const draft = await ok<Grade>('PUT', url, 'faculty', {
      outcome: 'graded',
      points: 7,
      comment: 'Good start.',
      version: 0,
    });
    expect(draft).toMatchObject({ points: 7, isPublished: false, version: 1 });
    const stale = await call('PUT', url, 'faculty', { outcome: 'graded', points: 8, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'GRADE_CHANGED' });
    expect(stale.json<{ detail: string }>().detail).toMatch(
      /^Maria Alvarez set this to 7 at \d\d:\d\d; yours \(8\) was not saved\.$/,
    );
    // The learner sees nothing before publishing.
    const before = await t.database.query(
      `select 1 from notifications where type = 'grade_comment' and submission_id = $1`,
      [id],
    );
    expect(before).toHaveLength(0);
    const published = await ok<Grade>('POST', `${url}/publish`, 'faculty', { version: 1 });
    expect(published).toMatchObject({ isPublished: true, version: 2 });
    const again = await call('POST', `${url}/publish`, 'faculty', { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'GRADE_PUBLISHED' });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/en/notifications/${String(id)}/grade-comment-notifications`,
      headers: h.student,
    });
    expect(mine.statusCode).toBe(200);
    const list = mine.json<{
      notifications: { body: string | null; link: string | null; isRead: boolean }[];
    }>().notifications;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      body: 'Good start.',
      link: `/en/submit_text/${String(f.textTask)}?submission=${String(id)}`,
    });
    // Course totals move with the published grade.
    const [cp] = await t.database.query<{ points_published: string; tasks_graded: number }>(
      `select points_published, tasks_graded from course_progress where student_id = $1 and course_id = $2`,
      [demo(), f.courseId],
    );
    expect(Number(cp?.points_published)).toBe(7);
    expect(cp?.tasks_graded).toBe(1);
  });

  it('changes a published grade only by override with SUBMISSION__EDIT and a reason', async () => {
    const id = sub(f.textTask, demo());
    const url = `/submission/${String(id)}/grade`;
    const byFaculty = await call('PUT', url, 'faculty', {
      outcome: 'graded',
      points: 9,
      version: 2,
    });
    expect(byFaculty.statusCode).toBe(409);
    expect(byFaculty.json()).toMatchObject({ code: 'GRADE_PUBLISHED' });
    // Lead faculty is not staff of K1, so the learner is in their grading scope only through
    // SUBMISSION__EDIT's wide reach.
    const noReason = await call('PUT', url, 'lead_faculty', {
      outcome: 'graded',
      points: 9,
      version: 2,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      fields: { reason: 'Say why the published grade changes' },
    });
    await t.database.query(
      `update notifications set is_read = true, read_at = now() where submission_id = $1`,
      [id],
    );
    const changed = await ok<Grade>('PUT', url, 'lead_faculty', {
      outcome: 'graded',
      points: 9,
      comment: 'Better on a second reading.',
      reason: 'Marking error',
      version: 2,
    });
    expect(changed).toMatchObject({ points: 9, isPublished: true, version: 3 });
    const rows = await t.database.query<{ body: string; is_read: boolean }>(
      `select body, is_read from notifications where type = 'grade_comment' and submission_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ body: 'Better on a second reading.', is_read: false }]);
    const events = await t.database.query<{
      action: string;
      reason: string | null;
      grade_version: number;
    }>(
      `select action, reason, grade_version from grade_events where item_id = $1 and student_id = $2 order by id`,
      [f.textTask, demo()],
    );
    expect(events).toEqual([
      { action: 'save', reason: null, grade_version: 1 },
      { action: 'publish', reason: null, grade_version: 2 },
      { action: 'override', reason: 'Marking error', grade_version: 3 },
    ]);
    const [cp] = await t.database.query<{ points_published: string }>(
      `select points_published from course_progress where student_id = $1 and course_id = $2`,
      [demo(), f.courseId],
    );
    expect(Number(cp?.points_published)).toBe(9);
  });

  it('a return for rework is published like a grade', async () => {
    const other = f.students.k1[1] ?? 0;
    const id = sub(f.textTask, other);
    const url = `/submission/${String(id)}/grade`;
    const g = await ok<Grade>('PUT', url, 'faculty', {
      outcome: 'returned',
      comment: 'Please add an example.',
      version: 0,
    });
    expect(g).toMatchObject({ outcome: 'returned', points: null });
    await ok<Grade>('POST', `${url}/publish`, 'faculty', { version: 1 });
    const c = await ok<ClassDetail>('GET', `/class/${String(f.k1)}`, 'faculty');
    expect(c.students.find((s) => s.studentId === other)?.cells[0]?.state).toBe('returned');
  });

  it('publishes a task’s drafts for a class; is 404 for a class out of reach', async () => {
    const [, , a, b] = f.students.k1;
    for (const sid of [a, b])
      await ok<Grade>('PUT', `/submission/${String(sub(f.textTask, sid ?? 0))}/grade`, 'faculty', {
        outcome: 'graded',
        points: 6,
        comment: sid === a ? 'Fine.' : null,
        version: 0,
      });
    const notResponsible = await call(
      'POST',
      `/task/${String(f.textTask)}/grades/publish`,
      'facilitator',
      {
        classId: f.k1,
      },
    );
    expect(notResponsible.statusCode).toBe(403);
    const outOfReach = await call('POST', `/task/${String(f.textTask)}/grades/publish`, 'faculty', {
      classId: f.k2,
    });
    expect(outOfReach.statusCode).toBe(404);
    const result = await ok<TaskPublishResult>(
      'POST',
      `/task/${String(f.textTask)}/grades/publish`,
      'faculty',
      { classId: f.k1 },
    );
    expect(result).toEqual({ published: 2, skipped: [] });
    const notes = await t.database.query<{ user_id: number }>(
      `select user_id from notifications where type = 'grade_comment' and task_id = $1 and user_id = any($2::int[])`,
      [f.textTask, [a, b]],
    );
    expect(notes.map((n) => n.user_id)).toEqual([a]);
  });
});

describe('the grade book', () => {
  it('reads columns, rows in name order by keyset, cells and totals', async () => {
    const first = await ok<GradeBook>(
      'GET',
      `/course/${String(f.courseId)}/grade-book?limit=3`,
      'faculty',
    );
    expect(first.columns.map((c) => c.id)).toEqual([f.textTask, f.fileTask]);
    expect(first.rows).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await ok<GradeBook>(
      'GET',
      `/course/${String(f.courseId)}/grade-book?limit=3&cursor=${first.nextCursor ?? ''}`,
      'faculty',
    );
    expect(second.rows).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const names = [...first.rows, ...second.rows].map(
      (r) => `${r.lastName.toLowerCase()} ${r.firstName.toLowerCase()}`,
    );
    expect([...names].sort()).toEqual(names);
    const me = [...first.rows, ...second.rows].find((r) => r.studentId === demo());
    expect(me?.cells[0]).toEqual(['graded', 9, true, false, 3]);
    expect(me?.points).toBe(9);
    // 9 of 30 points on the schema's scale; "so far" over the published task only.
    expect(me?.result).toBe(Math.round((9 / 30) * f.scaleMax * 100) / 100);
    expect(me?.soFar).toBe(Math.round((9 / 10) * f.scaleMax * 100) / 100);
    expect(first.mayEdit).toBe(true);
  });

  it('filters by class, unit and name; a facilitator of another CLC sees only theirs', async () => {
    const k2 = await ok<GradeBook>(
      'GET',
      `/course/${String(f.courseId)}/grade-book?classId=${String(f.k2)}`,
      'lead_faculty',
    );
    expect(k2.rows.map((r) => r.studentId).sort()).toEqual([...f.students.k2].sort());
    const unit = await ok<GradeBook>(
      'GET',
      `/course/${String(f.courseId)}/grade-book?unitId=${String(f.unitId)}&q=garang`,
      'faculty',
    );
    expect(unit.rows.map((r) => r.studentId)).toEqual([demo()]);
    const theirs = await ok<GradeBook>(
      'GET',
      `/course/${String(f.courseId)}/grade-book`,
      'facilitator_2',
    );
    expect(theirs.rows.map((r) => r.studentId).sort()).toEqual([...f.students.k2].sort());
    expect(
      (await call('GET', `/course/${String(f.courseId)}/grade-book`, 'student')).statusCode,
    ).toBe(403);
  });

  it('says per column and row what the caller may grade, as the save decides', async () => {
    const book = `/course/${String(f.courseId)}/grade-book`;
    const url = `${book}/cell`;
    for (const who of ['faculty', 'lead_facilitator', 'lead_faculty', 'facilitator']) {
      const read = await ok<GradeBook>('GET', book, who);
      // Each cell the grid offers to edit is one the save takes, and each it shows read-only
      // one the save refuses as not theirs (tried on cells without a grade: version 0).
      for (const row of read.rows)
        for (const [i, col] of read.columns.entries()) {
          if (row.cells[i]?.[4] !== 0) continue;
          const editable = read.mayEdit && col.mayGrade && row.mayGrade;
          const res = await call('PUT', url, who, {
            itemId: col.id,
            studentId: row.studentId,
            points: null,
            version: 0,
          });
          expect(res.statusCode, `${who} ${String(col.id)} ${String(row.studentId)}`).toBe(
            editable ? 200 : 403,
          );
        }
    }
    const faculty = await ok<GradeBook>('GET', book, 'faculty');
    // Faculty grade online tasks, not the onsite file task.
    expect(faculty.columns.map((c) => [c.id, c.mayGrade])).toEqual([
      [f.textTask, true],
      [f.fileTask, false],
    ]);
    const ta = await ok<GradeBook>('GET', book, 'teaching_assistant');
    expect(ta.columns.every((c) => !c.mayGrade)).toBe(true);
  });

  it('enters a cell; the second grader is told and nothing is overwritten', async () => {
    const sid = f.students.k1[1] ?? 0;
    const url = `/course/${String(f.courseId)}/grade-book/cell`;
    const onsite = await ok<{ cell: unknown[] }>('PUT', url, 'lead_facilitator', {
      itemId: f.fileTask,
      studentId: demo(),
      points: 15,
      version: 0,
    });
    expect(onsite.cell).toEqual(['submitted', 15, false, true, 1]);
    const second = await call('PUT', url, 'lead_facilitator', {
      itemId: f.fileTask,
      studentId: demo(),
      points: 16,
      version: 0,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'GRADE_CHANGED',
      current: ['submitted', 15, false, true, 1],
    });
    expect(second.json<{ detail: string }>().detail).toMatch(
      /^Leila Nasser set this to 15 at \d\d:\d\d; yours \(16\) was not saved\.$/,
    );
    // A published grade is not changed from the grade book.
    const published = await call('PUT', url, 'faculty', {
      itemId: f.textTask,
      studentId: demo(),
      points: 3,
      version: 3,
    });
    expect(published.statusCode).toBe(409);
    expect(published.json()).toMatchObject({ code: 'GRADE_PUBLISHED' });
    // Not responsible (faculty on an onsite task), and without GRADE_BOOK__EDIT.
    const notMine = await call('PUT', url, 'faculty', {
      itemId: f.fileTask,
      studentId: sid,
      points: 3,
      version: 0,
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ code: 'NOT_RESPONSIBLE' });
    const ta = await call('PUT', url, 'teaching_assistant', {
      itemId: f.fileTask,
      studentId: sid,
      points: 3,
      version: 0,
    });
    expect(ta.statusCode).toBe(403);
    expect(ta.json()).toMatchObject({ code: 'MISSING_RIGHT' });
    // Another CLC's learner is out of reach; too many points is a field error.
    const other = await call('PUT', url, 'lead_facilitator', {
      itemId: f.fileTask,
      studentId: f.students.k2[0],
      points: 3,
      version: 0,
    });
    expect(other.statusCode).toBe(404);
    const tooMany = await call('PUT', url, 'lead_facilitator', {
      itemId: f.fileTask,
      studentId: sid,
      points: 21,
      version: 0,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { points: 'At most 20' } });
  });

  it('exports CSV and XLSX', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `${api}/course/${String(f.courseId)}/grade-book/export?format=csv&classId=${String(f.k1)}`,
      headers: h.lead_faculty,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Last name","First name","Class","Unit one — Reflection (10)","Unit one — Poster (20)","Published points","Result (of ' +
        String(f.scaleMax) +
        ')"',
    );
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith('"Garang","Achol","K1","9","15 (draft)","9"'))).toBe(
      true,
    );
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${api}/course/${String(f.courseId)}/grade-book/export?format=xlsx`,
      headers: h.lead_faculty,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const denied = await t.app.inject({
      method: 'GET',
      url: `${api}/course/${String(f.courseId)}/grade-book/export`,
      headers: h.faculty,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe(':programme/finish takes the computed result', () => {
  it('shows the grade book’s result read-only for a course with graded items', async () => {
    const url = `/api/en/programme/professional-certificate/${String(f.programmeId)}/results`;
    const res = await t.app.inject({ method: 'GET', url, headers: h.admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      courses: { id: number; computed?: boolean }[];
      students: { studentId: number; enrolmentId: number; scores: Record<string, number> }[];
    }>();
    expect(body.courses.find((c) => c.id === f.courseId)?.computed).toBe(true);
    const me = body.students.find((s) => s.studentId === demo());
    // 9 published points of 30 on the schema's scale.
    expect(me?.scores[String(f.courseId)]).toBe(Math.round((9 / 30) * f.scaleMax * 100) / 100);
    const entered = await t.app.inject({
      method: 'PUT',
      url,
      headers: h.admin,
      payload: { entries: [{ enrolmentId: me?.enrolmentId, courseId: f.courseId, score: 1 }] },
    });
    expect(entered.statusCode).toBe(400);
    expect(entered.json()).toMatchObject({
      fields: {
        'entries.0.courseId':
          'This course’s result comes from its grade book; it is not entered here',
      },
    });
  });
});
