import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradeRequestDetail, GradeRequestPage } from '@lantern/contracts/grade-requests';
import type { MyGrades, MyWork } from '@lantern/contracts/learning-work';
import type { Grade } from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import { finaliseResults } from '../../results/public';

// Undo-publish and grade-change requests (decision 0021 §2): every transition and refusal, the
// ledger events an approval writes with the request's id, the notifications once per event, the
// learner's "under review", a grade change after the finish with its certificates, and revoking
// a certificate.

let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};
const api = '/api/en/lms';
const demo = () => f.user.student ?? 0;
const sub = (sid: number) => f.submissions[f.textTask]?.[sid] ?? 0;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `${api}${url}`,
    headers: h[who] ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T>(method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: unknown) {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function refused(
  status: number,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  who: string,
  payload?: unknown,
) {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ code: string; detail: string }>();
}

/** Saves and publishes a grade on the text task as faculty. */
async function publish(sid: number, points: number, comment: string | null = null) {
  const current = await t.database.query<{ version: number }>(
    `select version from grades where item_id = $1 and student_id = $2`,
    [f.textTask, sid],
  );
  const saved = await ok<Grade>('PUT', `/submission/${String(sub(sid))}/grade`, 'faculty', {
    outcome: 'graded',
    points,
    comment,
    version: current[0]?.version ?? 0,
  });
  return ok<Grade>('POST', `/submission/${String(sub(sid))}/grade/publish`, 'faculty', {
    version: saved.version,
  });
}

const ask = (who: string, body: Record<string, unknown>) =>
  call('POST', '/grade-requests', who, {
    courseId: f.courseId,
    studentId: demo(),
    itemId: f.textTask,
    reason: 'Published before the second marking.',
    ...body,
  });

async function notes(requestId: number) {
  return t.database.query<{
    user_id: number;
    title: string;
    body: string | null;
    is_read: boolean;
  }>(
    `select user_id, title, body, is_read from notifications
      where type = 'undo_publish_request' and undo_publish_request_id = $1 order by user_id`,
    [requestId],
  );
}

async function progress(sid: number) {
  const [row] = await t.database.query<{ points: string; tasks: number }>(
    `select points_published::text as points, tasks_graded as tasks from course_progress
      where student_id = $1 and course_id = $2`,
    [sid, f.courseId],
  );
  return { points: Number(row?.points ?? 0), tasks: row?.tasks ?? 0 };
}

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '957');
  for (const u of ['student', 'faculty', 'lead_faculty', 'facilitator_2', 'admin', 'coordinator'])
    h[u] = await t.as(u);
});
afterAll(async () => t.close());

describe('undo-publish requests', () => {
  let grade: Grade;
  let request: GradeRequestDetail;

  it('asks for a published grade, and notifies each decider once', async () => {
    grade = await publish(demo(), 7, 'Good start.');
    // The learner reads it: the grade is stamped seen.
    const mine = await ok<MyGrades>('GET', `/my-grades?courseId=${String(f.courseId)}`, 'student');
    expect(mine.items[0]).toMatchObject({ itemId: f.textTask, points: 7, underReview: false });

    const res = await ask('faculty', { kind: 'undo_publish', gradeVersion: grade.version });
    expect(res.statusCode, res.body).toBe(200);
    request = res.json<GradeRequestDetail>();
    expect(request.request).toMatchObject({
      kind: 'undo_publish',
      state: 'open',
      subject: 'task',
      item: { id: f.textTask, title: 'Reflection' },
      student: { id: demo() },
      class: { id: f.k1, name: 'K1' },
      from: { points: 7, outcome: 'graded' },
      to: null,
      maxPoints: 10,
      requestedBy: { id: f.user.faculty },
      mayDecide: false,
      mayWithdraw: true,
    });
    expect(request.current).toEqual({ points: 7, outcome: 'graded', published: true, version: 2 });
    expect(request.stale).toBe(false);
    const sent = await notes(request.request.id);
    const deciders = sent.map((n) => n.user_id);
    expect(deciders).toContain(f.user.lead_faculty);
    expect(deciders).not.toContain(f.user.faculty);
    expect(new Set(deciders).size).toBe(deciders.length);
    expect(sent[0]?.title).toBe(`Undo publish: TT1 · Reflection · ${await nameOf(demo())}`);
  });

  it('shows the learner the grade under review while the request is open', async () => {
    const mine = await ok<MyGrades>('GET', `/my-grades?courseId=${String(f.courseId)}`, 'student');
    expect(mine.items[0]).toMatchObject({ itemId: f.textTask, underReview: true });
    const work = await ok<MyWork>('GET', `/task/${String(f.textTask)}/my-work`, 'student');
    expect(work.attempts.at(-1)?.decision).toMatchObject({ points: 7, underReview: true });
  });

  it('refuses a second open request for the same grade, naming the first', async () => {
    const body = await refused(409, 'POST', '/grade-requests', 'lead_faculty', {
      kind: 'grade_change',
      courseId: f.courseId,
      studentId: demo(),
      itemId: f.textTask,
      gradeVersion: grade.version,
      toPoints: 8,
      reason: 'Another look.',
    });
    expect(body.detail).toBe(
      `There is already an open request for this grade (#${String(request.request.id)}).`,
    );
  });

  it('is decided by another person only, on the request as it is', async () => {
    const id = request.request.id;
    // Faculty may ask, not decide.
    await refused(403, 'POST', `/grade-request/${String(id)}/approve`, 'faculty', {
      version: 1,
    });
    // Out of reach: another CLC's facilitator does not see it.
    await refused(404, 'GET', `/grade-request/${String(id)}`, 'facilitator_2');
    // A learner holds no request right.
    await refused(403, 'GET', `/grade-request/${String(id)}`, 'student');
    const stale = await refused(
      409,
      'POST',
      `/grade-request/${String(id)}/approve`,
      'lead_faculty',
      {
        version: 7,
      },
    );
    expect(stale.code).toBe('STALE_VERSION');
    const decline = await refused(
      400,
      'POST',
      `/grade-request/${String(id)}/decline`,
      'lead_faculty',
      { version: 1, note: ' ' },
    );
    expect(decline.detail).toContain('Say why the request is declined.');
    // Someone else's request cannot be withdrawn.
    await refused(403, 'POST', `/grade-request/${String(id)}/withdraw`, 'admin', { version: 1 });
  });

  it('approves: unpublishes through the ledger in one transaction, and notifies once', async () => {
    const id = request.request.id;
    const before = await progress(demo());
    const approved = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(id)}/approve`,
      'lead_faculty',
      { version: 1 },
    );
    expect(approved.request).toMatchObject({
      state: 'approved',
      decidedBy: { id: f.user.lead_faculty },
      version: 2,
      mayDecide: false,
    });
    expect(approved.current).toMatchObject({ points: 7, published: false, version: 3 });
    expect(approved.events).toHaveLength(1);
    expect(approved.events[0]).toMatchObject({
      action: 'unpublish',
      requestId: id,
      reason: 'Published before the second marking.',
      old: { points: 7, published: true },
      new: { points: 7, published: false },
      actor: { id: f.user.lead_faculty },
    });
    const [applied] = await t.database.query<{ applied_event_id: string }>(
      `select applied_event_id::text from grade_requests where id = $1`,
      [id],
    );
    expect(Number(applied?.applied_event_id)).toBe(approved.events[0]?.id);
    // The course's totals lose the grade.
    expect(await progress(demo())).toEqual({ points: before.points - 7, tasks: before.tasks - 1 });
    // The requester learns it; the deciders' notifications are settled (read).
    const sent = await notes(id);
    const mine = sent.filter((n) => n.user_id === f.user.faculty);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ is_read: false });
    expect(mine[0]?.title).toMatch(/^Undo publish approved: TT1 · Reflection · /);
    expect(sent.filter((n) => n.user_id !== f.user.faculty).every((n) => n.is_read)).toBe(true);
    // The learner, who had seen it, is told it is under review, on their comment notification.
    const [learner] = await t.database.query<{ title: string; is_read: boolean; n: number }>(
      `select title, is_read, count(*) over ()::int as n from notifications
        where type = 'grade_comment' and user_id = $1 and submission_id = $2`,
      [demo(), sub(demo())],
    );
    expect(learner).toMatchObject({
      title: 'Your grade for “Reflection” is under review',
      is_read: false,
      n: 1,
    });
  });

  it('takes the grade from the learner’s view until it is published again', async () => {
    const mine = await ok<MyGrades>('GET', `/my-grades?courseId=${String(f.courseId)}`, 'student');
    expect(mine.items.find((g) => g.itemId === f.textTask)).toBeUndefined();
    const work = await ok<MyWork>('GET', `/task/${String(f.textTask)}/my-work`, 'student');
    expect(work.attempts.at(-1)?.decision).toBeNull();
  });

  it('refuses to act on a decided request, and a retry notifies nobody twice', async () => {
    const id = request.request.id;
    const count = (await notes(id)).length;
    const again = await refused(
      409,
      'POST',
      `/grade-request/${String(id)}/approve`,
      'lead_faculty',
      { version: 1 },
    );
    expect(again.detail).toMatch(
      /^This request was already approved by .+ on \d{1,2} [A-Z][a-z]{2} \d\d:\d\d\.$/,
    );
    await refused(409, 'POST', `/grade-request/${String(id)}/decline`, 'admin', {
      version: 2,
      note: 'Too late.',
    });
    expect((await notes(id)).length).toBe(count);
    const events = await t.database.query<{ n: number }>(
      `select count(*)::int as n from grade_events where request_id = $1`,
      [id],
    );
    expect(events[0]?.n).toBe(1);
  });

  it('refuses a request on a grade that is not published', async () => {
    const [g] = await t.database.query<{ version: number }>(
      `select version from grades where item_id = $1 and student_id = $2`,
      [f.textTask, demo()],
    );
    const body = await refused(409, 'POST', '/grade-requests', 'faculty', {
      kind: 'undo_publish',
      courseId: f.courseId,
      studentId: demo(),
      itemId: f.textTask,
      gradeVersion: g?.version ?? 0,
      reason: 'Again.',
    });
    expect(body.detail).toBe('This grade is not published: change it on the grade page.');
  });

  it('refuses one’s own request (lead faculty may ask and decide)', async () => {
    const g = await publish(demo(), 6);
    const made = (
      await ask('lead_faculty', { kind: 'undo_publish', gradeVersion: g.version })
    ).json<GradeRequestDetail>();
    expect(made.request.mayDecide).toBe(false);
    const own = await refused(
      409,
      'POST',
      `/grade-request/${String(made.request.id)}/approve`,
      'lead_faculty',
      { version: 1 },
    );
    expect(own.detail).toBe('You asked for this change; another person decides it.');
    // Withdrawn by its requester, it is closed.
    const withdrawn = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(made.request.id)}/withdraw`,
      'lead_faculty',
      { version: 1 },
    );
    expect(withdrawn.request).toMatchObject({ state: 'withdrawn', mayWithdraw: false });
    await refused(
      409,
      'POST',
      `/grade-request/${String(made.request.id)}/withdraw`,
      'lead_faculty',
      {
        version: 2,
      },
    );
  });
});

describe('grade-change requests', () => {
  let changeId = 0;

  it('refuses a stale grade with who set it to what, and declines with the note', async () => {
    const [g] = await t.database.query<{ version: number }>(
      `select version from grades where item_id = $1 and student_id = $2`,
      [f.textTask, demo()],
    );
    const made = (
      await ask('faculty', {
        kind: 'grade_change',
        gradeVersion: g?.version ?? 0,
        toPoints: 9,
        reason: 'The second page was missed.',
      })
    ).json<GradeRequestDetail>();
    expect(made.request).toMatchObject({
      kind: 'grade_change',
      from: { points: 6 },
      to: { points: 9, outcome: 'graded', comment: null },
    });
    // Meanwhile lead faculty overrides the grade.
    await ok<Grade>('PUT', `/submission/${String(sub(demo()))}/grade`, 'lead_faculty', {
      outcome: 'graded',
      points: 8,
      version: g?.version ?? 0,
      reason: 'Regraded.',
    });
    const detail = await ok<GradeRequestDetail>(
      'GET',
      `/grade-request/${String(made.request.id)}`,
      'lead_faculty',
    );
    expect(detail.stale).toBe(true);
    const stale = await refused(
      409,
      'POST',
      `/grade-request/${String(made.request.id)}/approve`,
      'admin',
      { version: 1 },
    );
    expect(stale.detail).toMatch(
      new RegExp(
        `^The grade changed since this request was made: ${await nameOf(f.user.lead_faculty ?? 0)} set it to 8 at \\d\\d:\\d\\d\\. Decline this request, or ask again\\.$`,
      ),
    );
    const declined = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(made.request.id)}/decline`,
      'lead_faculty',
      { version: 1, note: 'Already regraded.' },
    );
    expect(declined.request).toMatchObject({
      state: 'declined',
      decisionNote: 'Already regraded.',
    });
    expect(declined.events).toEqual([]);
    const mine = (await notes(made.request.id)).filter((n) => n.user_id === f.user.faculty);
    expect(mine).toMatchObject([{ body: 'Declined: Already regraded.', is_read: false }]);
  });

  it('approves a change: new points through the ledger, published as it was', async () => {
    const [g] = await t.database.query<{ version: number }>(
      `select version from grades where item_id = $1 and student_id = $2`,
      [f.textTask, demo()],
    );
    const before = await progress(demo());
    const made = (
      await ask('faculty', {
        kind: 'grade_change',
        gradeVersion: g?.version ?? 0,
        toPoints: 9.5,
        reason: 'Rubric total was wrong.',
      })
    ).json<GradeRequestDetail>();
    changeId = made.request.id;
    const approved = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(changeId)}/approve`,
      'lead_faculty',
      { version: 1, note: 'Agreed.' },
    );
    expect(approved.current).toMatchObject({ points: 9.5, published: true });
    expect(approved.events).toMatchObject([
      { action: 'change', requestId: changeId, old: { points: 8 }, new: { points: 9.5 } },
    ]);
    expect(approved.request.decisionNote).toBe('Agreed.');
    expect(await progress(demo())).toEqual({ points: before.points + 1.5, tasks: before.tasks });
  });

  it('refuses points above the task’s maximum with the field', async () => {
    const [g] = await t.database.query<{ version: number }>(
      `select version from grades where item_id = $1 and student_id = $2`,
      [f.textTask, demo()],
    );
    const res = await ask('faculty', {
      kind: 'grade_change',
      gradeVersion: g?.version ?? 0,
      toPoints: 11,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
      toPoints: 'At most 10',
    });
    expect(
      (await t.database.query(`select 1 from grade_requests where to_points = 11`)).length,
    ).toBe(0);
  });

  it('lists the queue in reach with counts, filters and keyset pages', async () => {
    const page = await ok<GradeRequestPage>(
      'GET',
      `/grade-requests?courseId=${String(f.courseId)}`,
      'lead_faculty',
    );
    expect(page.counts).toEqual({ open: 0, approved: 2, declined: 1, withdrawn: 1 });
    expect(page.openByKind).toEqual({ undo_publish: 0, grade_change: 0 });
    expect(page.rows[0]?.id).toBe(changeId);
    expect(page.courses.map((c) => c.id)).toContain(f.courseId);
    const first = await ok<GradeRequestPage>(
      'GET',
      `/grade-requests?courseId=${String(f.courseId)}&limit=3`,
      'lead_faculty',
    );
    expect(first.rows).toHaveLength(3);
    const second = await ok<GradeRequestPage>(
      'GET',
      `/grade-requests?courseId=${String(f.courseId)}&limit=3&before=${String(first.next)}`,
      'lead_faculty',
    );
    expect(second.rows).toHaveLength(1);
    expect(second.next).toBeNull();
    const changes = await ok<GradeRequestPage>(
      'GET',
      `/grade-requests?courseId=${String(f.courseId)}&kind=grade_change&state=approved`,
      'lead_faculty',
    );
    expect(changes.rows.map((r) => r.id)).toEqual([changeId]);
    expect(changes.counts).toEqual({ open: 0, approved: 1, declined: 1, withdrawn: 0 });
    const mine = await ok<GradeRequestPage>('GET', '/grade-requests?mine=true', 'lead_faculty');
    expect(mine.rows.map((r) => r.state)).toEqual(['withdrawn']);
    expect(mine.rows.every((r) => r.requestedBy.id === f.user.lead_faculty)).toBe(true);
    // Another CLC's facilitator reaches none of them.
    const none = await ok<GradeRequestPage>(
      'GET',
      `/grade-requests?courseId=${String(f.courseId)}`,
      'facilitator_2',
    );
    expect(none.rows).toEqual([]);
  });
});

describe('after the finish', () => {
  let certificateId = '';
  let code = '';

  beforeAll(async () => {
    // The programme finishes with the demo student passed: results final, a certificate issued.
    await t.database.query(`update enrolments set state = 'completed' where programme_id = $1`, [
      f.programmeId,
    ]);
    await t.deps.db.transaction((tx) =>
      finaliseResults(tx, f.programmeId, { actorId: f.user.admin ?? 0, impersonatorId: null }),
    );
    await t.database.query(`update programmes set status = 'finished' where id = $1`, [
      f.programmeId,
    ]);
    const [made] = await t.database.query<{ id: string; code: string }>(
      `insert into certificates (enrolment_id, code, student_name, programme_title, certificate_text,
         certifying_university, clc_name, issued_on)
       select e.id, 'RQST-CERT-0001', 'Test Student', 'Teaching test', 'Text', 'University', 'KAK',
         '2027-03-03'
       from enrolments e where e.programme_id = $1 and e.user_id = $2
       returning id, code`,
      [f.programmeId, demo()],
    );
    certificateId = made?.id ?? '';
    code = made?.code ?? '';
  });

  it('changes the task and the final course result with the same request, listing certificates', async () => {
    const [result] = await t.database.query<{ score: string; version: number }>(
      `select r.score::text, r.version from course_results r join enrolments e on e.id = r.enrolment_id
        where e.user_id = $1 and r.course_id = $2`,
      [demo(), f.courseId],
    );
    expect(result).toBeDefined();
    const [g] = await t.database.query<{ version: number }>(
      `select version from grades where item_id = $1 and student_id = $2`,
      [f.textTask, demo()],
    );
    const made = (
      await ask('faculty', {
        kind: 'grade_change',
        gradeVersion: g?.version ?? 0,
        toPoints: 5,
        reason: 'Copied work found.',
      })
    ).json<GradeRequestDetail>();
    expect(made.certificates).toEqual([
      { id: certificateId, code, issuedOn: '2027-03-03', revokedAt: null },
    ]);
    expect(made.mayRevokeCertificates).toBe(false);
    const approved = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(made.request.id)}/approve`,
      'admin',
      { version: 1 },
    );
    expect(approved.mayRevokeCertificates).toBe(true);
    expect(approved.events.map((e) => [e.subject, e.action, e.requestId])).toEqual([
      ['task', 'change', made.request.id],
      ['course_result', 'change', made.request.id],
    ]);
    const [after] = await t.database.query<{ score: string; version: number; is_final: boolean }>(
      `select r.score::text, r.version, r.is_final from course_results r
        join enrolments e on e.id = r.enrolment_id where e.user_id = $1 and r.course_id = $2`,
      [demo(), f.courseId],
    );
    expect(after?.is_final).toBe(true);
    expect(after?.version).toBe((result?.version ?? 0) + 1);
    expect(Number(after?.score)).toBeLessThan(Number(result?.score));
  });

  it('changes a final course result on request', async () => {
    const [result] = await t.database.query<{ score: string; version: number }>(
      `select r.score::text, r.version from course_results r join enrolments e on e.id = r.enrolment_id
        where e.user_id = $1 and r.course_id = $2`,
      [demo(), f.courseId],
    );
    const res = await call('POST', '/grade-requests', 'admin', {
      kind: 'grade_change',
      subject: 'course_result',
      courseId: f.courseId,
      studentId: demo(),
      gradeVersion: result?.version ?? 0,
      toPoints: 50,
      reason: 'The board moderated the result.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<GradeRequestDetail>();
    expect(made.request).toMatchObject({ subject: 'course_result', item: null });
    const approved = await ok<GradeRequestDetail>(
      'POST',
      `/grade-request/${String(made.request.id)}/approve`,
      'lead_faculty',
      { version: 1 },
    );
    expect(approved.events).toMatchObject([
      { subject: 'course_result', action: 'change', new: { points: 50 } },
    ]);
    expect(approved.current).toMatchObject({ points: 50, published: true });
    // Faculty may not ask about results (they do not review grades).
    const denied = await call('POST', '/grade-requests', 'faculty', {
      kind: 'grade_change',
      subject: 'course_result',
      courseId: f.courseId,
      studentId: demo(),
      gradeVersion: approved.current?.version ?? 0,
      toPoints: 40,
      reason: 'Again.',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('revokes a certificate once, audited; verification then says revoked', async () => {
    const url = `/api/en/certificates/${certificateId}/revoke`;
    const noReason = await call('POST', url, 'admin', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    await refused(403, 'POST', url, 'faculty', { reason: 'Copied work.' });
    const done = await ok<{ id: string; revokedAt: string }>('POST', url, 'admin', {
      reason: 'The result changed after a grade-change request.',
    });
    expect(done.id).toBe(certificateId);
    const again = await refused(409, 'POST', url, 'admin', { reason: 'Twice.' });
    expect(again.detail).toMatch(/^This certificate was already revoked on \d{4}-\d\d-\d\d\.$/);
    const [audited] = await t.database.query<{ changes: { reason: string } }>(
      `select changes from audit_log where action = 'certificate.revoked' and entity_id = $1`,
      [certificateId],
    );
    expect(audited?.changes.reason).toBe('The result changed after a grade-change request.');
    const verified = await t.app.inject({ url: `/public-api/1.0/certificates/${code}` });
    expect(verified.json()).toMatchObject({ valid: false, reason: 'revoked' });
    // A revoked certificate no longer blocks a new one: the issue route certifies the student again.
    await t.database.query(
      `update programmes set certificate_text = 'Text', certifying_university = 'University'
        where id = $1`,
      [f.programmeId],
    );
    const [enrolment] = await t.database.query<{ id: number }>(
      `select id from enrolments where programme_id = $1 and user_id = $2`,
      [f.programmeId, demo()],
    );
    const issued = await ok<{ done: number[]; refused: unknown[] }>(
      'POST',
      `/api/en/programme/professional-certificate/${String(f.programmeId)}/certificates`,
      'admin',
      { enrolmentIds: [enrolment?.id ?? 0] },
    );
    expect(issued.done).toEqual([enrolment?.id]);
    const held = await t.database.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from certificates where enrolment_id = $1
        order by created_at`,
      [enrolment?.id ?? 0],
    );
    expect(held.map((c) => c.revoked)).toEqual([true, false]);
  });
});

async function nameOf(id: number): Promise<string> {
  const [u] = await t.database.query<{ name: string }>(
    `select first_name || ' ' || last_name as name from users where jwl_id = $1`,
    [id],
  );
  return u?.name ?? '';
}
