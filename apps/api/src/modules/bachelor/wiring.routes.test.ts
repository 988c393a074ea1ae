import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Offering, StudentCourse, Term } from '@lantern/contracts/bachelor-terms';
import type { StudentCredits, Transfer } from '@lantern/contracts/bachelor-credits';
import type { TermVerification } from '@lantern/contracts/bachelor-verification';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { applyResultEvents, type ResultAction } from '../learning/teaching/public';

/**
 * The joins between the bachelor areas (decision 0022, "As built: wiring"): a retake writes its
 * ledger entry in the move's transaction, and each bachelor change queues the published
 * automatic mails of its event. A programme of its own (four-point scale, pass at 2), courses
 * W1 (3 units) and W2 (4), three active students at KAK with an address.
 */
let t: TestApp;
let admin: Record<string, string>;
let programmeId = 0;
let schemaId = 0;
const course: Record<'W1' | 'W2', number> = { W1: 0, W2: 0 };
let students: { id: number; email: string }[] = [];

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);
async function one<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
  const [row] = await q<T>(text, params);
  if (!row) throw new Error(`no row: ${text}`);
  return row;
}
const student = (i: number) => {
  const s = students[i];
  if (!s) throw new Error('no student');
  return s;
};
const base = () => `/api/en/programme/bachelor/${String(programmeId)}`;

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = admin,
) {
  const res = await t.app.inject({
    method,
    url: `${base()}${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** A published automatic mail of the programme for `eventType`, to the students. */
async function publish(eventType: string, subject: string, eventStatus: string | null = null) {
  return (
    await one<{ id: number }>(
      `insert into automatic_mails (programme_id, event_type, event_status, subject, body, recipient_role, published)
       values ($1, $2, $3, $4, 'Hello {{firstName}}', 'student', true) returning id`,
      [programmeId, eventType, eventStatus, subject],
    )
  ).id;
}
/** What the outbox holds of one automatic mail. */
const outbox = (mailId: number) =>
  q<{ to_address: string; subject: string }>(
    `select to_address, subject from mail_outbox where dedupe_key like $1 order by id`,
    [`auto:${String(mailId)}:%`],
  );

async function makeTerm(year: number, season: 'sp' | 'su' | 'fa') {
  return call<Term>('POST', '/terms', {
    year,
    season,
    name: `Wiring ${String(year)} ${season}`,
    startDate: new Date().toISOString().slice(0, 10),
    weeks: 12,
  });
}
const offer = async (termId: number, courseId: number) =>
  call<Offering>('POST', `/terms/${String(termId)}/offerings`, { courseId, capacity: 30 });
const place = async (offeringId: number, enrolmentIds: number[]) =>
  call<{ placed: number }>('POST', `/offerings/${String(offeringId)}/students`, { enrolmentIds });
async function studentCourse(offeringId: number, enrolmentId: number) {
  return one<{ id: number; version: number }>(
    `select id, version from ba_student_courses where offering_id = $1 and enrolment_id = $2`,
    [offeringId, enrolmentId],
  );
}
const move = (id: number, action: string, version: number) =>
  call<StudentCourse>('POST', `/student-courses/${String(id)}/status`, { action, version });

/** What the finish page and an approved grade change do: result events in one transaction. */
async function results(
  action: ResultAction,
  enrolmentId: number,
  courseId: number,
  score?: number,
) {
  await t.database.db.transaction((tx) =>
    applyResultEvents(tx, {
      action,
      entries: [{ enrolmentId, courseId, score }],
      schema: { id: schemaId, version: null, scaleMax: 4 },
      actorId: null,
      impersonatorId: null,
      reason: action,
    }),
  );
}
const credits = (enrolmentId: number) =>
  call<StudentCredits>('GET', `/students/${String(enrolmentId)}/credits`);
const recount = async (enrolmentId: number) =>
  Number(
    (
      await one<{ s: string | null }>(
        `select sum(credits) as s from ba_credit_ledger where enrolment_id = $1`,
        [enrolmentId],
      )
    ).s ?? 0,
  );

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  schemaId = (
    await one<{ id: number }>(
      `insert into grading_schemas (name, scale_max, pass_mark, bands)
       values ('Wiring four', 4, 2, '[]') returning id`,
    )
  ).id;
  programmeId = (
    await one<{ id: number }>(
      `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
       values ('bachelor', '963', 'Wiring test', 'Wiring test', '2026-01-01', '2029-12-31', 'running', $1)
       returning id`,
      [schemaId],
    )
  ).id;
  await q(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [programmeId],
  );
  for (const c of await q<{ id: number; code: 'W1' | 'W2' }>(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'W1', 'Wiring one', 3, 0), ($1, 'W2', 'Wiring two', 4, 1) returning id, code`,
    [programmeId],
  ))
    course[c.code] = c.id;
  students = await q<{ id: number; email: string }>(
    `with picked as (
       select u.jwl_id, uc.clc_id, u.email from users u
       join user_clcs uc on uc.user_id = u.jwl_id join clcs c on c.id = uc.clc_id and c.code = 'KAK'
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       where u.email is not null and u.status = 'active'
         and not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
       order by u.jwl_id limit 3)
     insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, jwl_id, clc_id, 'active' from picked
     returning id, (select email from users where jwl_id = user_id) as email`,
    [programmeId],
  );
  expect(students).toHaveLength(3);
});
afterAll(async () => t.close());

describe('a retake and the credit ledger', () => {
  it('mark retaken appends the `replaced` entry in the same move; progress equals a recount', async () => {
    const s = student(0);
    const term = await makeTerm(2026, 'sp');
    const w1 = await offer(term.id, course.W1);
    const w2 = await offer(term.id, course.W2);
    await place(w1.id, [s.id]);
    await place(w2.id, [s.id]);
    // W1 passed (3 credits), W2 passed at 2.5 (4 credits) and later judged failed, then retaken.
    await results('save', s.id, course.W1, 3);
    await results('finalise', s.id, course.W1);
    await results('save', s.id, course.W2, 2.5);
    await results('finalise', s.id, course.W2);
    let c = await credits(s.id);
    expect(c.progress).toBe(7);
    const earnedW2 = c.entries.filter((e) => e.courseCode === 'W2' && e.kind === 'earned').at(-1);

    const row = await studentCourse(w2.id, s.id);
    const failed = await move(row.id, 'fail', row.version);
    const retaken = await move(row.id, 'markRetaken', failed.version);
    expect(retaken.status).toBe('retaken');
    c = await credits(s.id);
    const replaced = c.entries.at(-1);
    expect(replaced).toMatchObject({
      kind: 'replaced',
      courseCode: 'W2',
      credits: -4,
      replacesEntryId: earnedW2?.id,
    });
    expect(c.progress).toBe(3);
    expect(c.progress).toBe(await recount(s.id));
    // The move's audit row names the entry it wrote.
    const audit = await one<{ changes: { ledgerEntryId?: number; status: string[] } }>(
      `select changes from audit_log where action = 'ba_student_course.status' and entity_id = $1
       order by id desc limit 1`,
      [String(row.id)],
    );
    expect(audit.changes).toMatchObject({ status: ['failed', 'retaken'] });
    expect(audit.changes.ledgerEntryId).toBe(replaced?.id);

    // The retake's final result earns anew; a move to another status writes no entry.
    await results('change', s.id, course.W2, 3.5);
    c = await credits(s.id);
    expect(c.entries.at(-1)).toMatchObject({ kind: 'earned', courseCode: 'W2', credits: 4 });
    expect(c.progress).toBe(7);
    const before = c.entries.length;
    const w1Row = await studentCourse(w1.id, s.id);
    await move(w1Row.id, 'withdraw', w1Row.version);
    expect((await credits(s.id)).entries).toHaveLength(before);
    expect((await credits(s.id)).progress).toBe(await recount(s.id));
  });

  it('a course with no final result is retaken without an entry', async () => {
    const s = student(1);
    const term = await makeTerm(2026, 'su');
    const w1 = await offer(term.id, course.W1);
    await place(w1.id, [s.id]);
    const row = await studentCourse(w1.id, s.id);
    const failed = await move(row.id, 'fail', row.version);
    expect((await move(row.id, 'markRetaken', failed.version)).status).toBe('retaken');
    expect((await credits(s.id)).entries).toHaveLength(0);
  });
});

describe('bachelor automatic mails from the changes themselves', () => {
  let term: Term;
  let w1: Offering;

  beforeAll(async () => {
    term = await makeTerm(2027, 'sp');
    w1 = await offer(term.id, course.W1);
  });

  it('placing students queues bachelor_term_enrolment, once per student and term', async () => {
    const mailId = await publish('bachelor_term_enrolment', 'Welcome to {{term}}: {{course}}');
    expect((await place(w1.id, [student(0).id, student(1).id])).placed).toBe(2);
    const sent = await outbox(mailId);
    expect(sent.map((m) => m.to_address).sort()).toEqual(
      [student(0).email, student(1).email].sort(),
    );
    expect(sent[0]?.subject).toBe('Welcome to Wiring 2027 sp: W1');
    // Placing them again places nobody and mails nobody.
    await place(w1.id, [student(0).id, student(1).id]);
    expect(await outbox(mailId)).toHaveLength(2);
  });

  it('a course-status move queues bachelor_course_status_changed for its status', async () => {
    const withdrawn = await publish(
      'bachelor_course_status_changed',
      '{{course}} is now {{courseStatus}}',
      'withdrawn',
    );
    const row = await studentCourse(w1.id, student(0).id);
    const opened = await move(row.id, 'open', row.version);
    expect(await outbox(withdrawn)).toHaveLength(0); // another status
    await move(row.id, 'withdraw', opened.version);
    const sent = await outbox(withdrawn);
    expect(sent).toEqual([
      { to_address: student(0).email, subject: 'W1 Wiring one is now Withdrawn' },
    ]);
  });

  it('approving and rejecting a transfer in queue bachelor_transfer_decided', async () => {
    const mailId = await publish(
      'bachelor_transfer_decided',
      'Transfer {{transferDecision}}: {{credits}} credits',
    );
    const propose = async (enrolmentId: number) =>
      one<{ id: number; version: number }>(
        `insert into ba_transfers (enrolment_id, direction, kind, course_id, institution, source_course_title, credits)
         values ($1, 'in', 'external', $2, 'Open University', 'Writing 101', 3) returning id, version`,
        [enrolmentId, course.W2],
      );
    const a = await propose(student(1).id);
    const b = await propose(student(2).id);
    const approved = await call<Transfer>('POST', `/transfer-in/${String(a.id)}/approve`, {
      version: a.version,
    });
    expect(approved.state).toBe('approved');
    await call<Transfer>('POST', `/transfer-in/${String(b.id)}/reject`, {
      version: b.version,
      reason: 'The course does not match.',
    });
    expect(await outbox(mailId)).toEqual([
      { to_address: student(1).email, subject: 'Transfer Approved: 3 credits' },
      { to_address: student(2).email, subject: 'Transfer Rejected: 3 credits' },
    ]);
  });

  it('recording a transfer out queues bachelor_transfer_decided (approved), after the commit', async () => {
    const mailId = await publish(
      'bachelor_transfer_decided',
      'Transfer out {{transferDecision}}: {{credits}} credits',
      'approved',
    );
    const leaving = student(0);
    const progress = await recount(leaving.id);
    const dispatch = vi.spyOn(t.deps.mailer, 'dispatch');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-out`,
      headers: admin,
      payload: { enrolmentId: leaving.id, reason: 'Continues at the certifying university.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<Transfer>();
    expect(out.state).toBe('approved');
    expect(await outbox(mailId)).toEqual([
      {
        to_address: leaving.email,
        subject: `Transfer out Approved: ${String(progress)} credits`,
      },
    ]);
    // Queued with the transfer, then handed to the dispatcher.
    const [queued] = await q<{ id: number }>(
      `select id from mail_outbox where dedupe_key like $1`,
      [`auto:${String(mailId)}:%`],
    );
    expect(dispatch).toHaveBeenCalledWith(expect.arrayContaining([queued?.id]));
    dispatch.mockRestore();
    // A second transfer out of the same student is refused and queues nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-out`,
      headers: admin,
      payload: { enrolmentId: leaving.id, reason: 'Again.' },
    });
    expect(again.statusCode).toBe(409);
    expect(await outbox(mailId)).toHaveLength(1);
  });

  it('a verification approval queues bachelor_verification_completed for the term’s students', async () => {
    const mailId = await publish(
      'bachelor_verification_completed',
      '{{term}}: {{verificationLevel}}',
      'BASIC',
    );
    // A term of its own, both students placed in W2 with final results.
    const verified = await makeTerm(2027, 'fa');
    const w2 = await offer(verified.id, course.W2);
    await place(w2.id, [student(1).id, student(2).id]);
    for (const s of [student(1), student(2)]) {
      await results('save', s.id, course.W2, 3);
      await results('finalise', s.id, course.W2);
    }
    const headers = await t.as('academic_manager');
    const view = await call<TermVerification>(
      'GET',
      `/verification?termKey=${verified.key}`,
      undefined,
      headers,
    );
    const basic = view.levels.find((l) => l.level === 'BASIC');
    await call(
      'POST',
      '/verification/approve-basic',
      { termKey: verified.key, hash: basic?.hash },
      headers,
    );
    const sent = await outbox(mailId);
    expect(sent.map((m) => m.to_address).sort()).toEqual(
      [student(1).email, student(2).email].sort(),
    );
    expect(sent[0]?.subject).toBe('Wiring 2027 fa: Basic check');
  });

  it('mark graduated queues bachelor_graduated', async () => {
    const mailId = await publish('bachelor_graduated', 'Congratulations, {{firstName}}');
    await q(
      `insert into ba_export_statuses (enrolment_id, status) values ($1, 'completed-exported')`,
      [student(2).id],
    );
    expect(
      await call<{ moved: number }>('POST', '/verification/students/graduate', {
        enrolmentIds: [student(2).id],
      }),
    ).toEqual({ moved: 1 });
    const sent = await outbox(mailId);
    expect(sent.map((m) => m.to_address)).toEqual([student(2).email]);
    expect(sent[0]?.subject).toMatch(/^Congratulations, /);
  });
});
