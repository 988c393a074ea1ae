import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueBachelorMail, type BachelorMailEvent } from '../../lib/automatic-mails';
import { buildTestApp, clearBachelorDemo, type TestApp } from '../../../test/helpers';

let t: TestApp;
let programmeId: number;
let enrolments: { id: number; email: string }[];
let studentCourseIds: number[];
let transferId: number;
let verificationId: number;

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

async function mail(eventType: string, subject: string, eventStatus: string | null = null) {
  await q(
    `insert into automatic_mails (programme_id, event_type, event_status, subject, body, recipient_role, published)
     values ($1, $2, $3, $4, 'Hello {{firstName}}', 'student', true)`,
    [programmeId, eventType, eventStatus, subject],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  await clearBachelorDemo(t);
  const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
  programmeId = p?.id ?? 0;
  enrolments = await q<{ id: number; email: string }>(
    `select e.id, u.email from enrolments e join users u on u.jwl_id = e.user_id
     where e.programme_id = $1 and e.state = 'active' and u.email is not null order by e.id limit 2`,
    [programmeId],
  );
  const [term] = await q<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2036, 'sp', 'Spring 2036', '2036-02-01', 14) returning id`,
    [programmeId],
  );
  const courses = await q<{ id: number }>(
    `select id from programme_courses where programme_id = $1 order by code limit 2`,
    [programmeId],
  );
  studentCourseIds = [];
  for (const c of courses) {
    const [o] = await q<{ id: number }>(
      `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
      [term?.id, c.id],
    );
    for (const e of enrolments) {
      const [sc] = await q<{ id: number }>(
        `insert into ba_student_courses (offering_id, enrolment_id) values ($1, $2) returning id`,
        [o?.id, e.id],
      );
      studentCourseIds.push(sc?.id ?? 0);
    }
  }
  const [tr] = await q<{ id: number }>(
    `insert into ba_transfers (enrolment_id, direction, kind, course_id, institution, source_course_title, credits, state)
     values ($1, 'in', 'external', $2, 'Open University', 'Writing 101', 3, 'approved') returning id`,
    [enrolments[0]?.id, courses[0]?.id],
  );
  transferId = tr?.id ?? 0;
  const [v] = await q<{ id: number }>(
    `insert into ba_verifications (term_id, level, hash, grades, snapshot) values ($1, 'UNI', 'h', 0, '[]') returning id`,
    [term?.id],
  );
  verificationId = v?.id ?? 0;
  await q(`insert into ba_export_statuses (enrolment_id, status) values ($1, 'graduated')`, [
    enrolments[0]?.id,
  ]);
  await mail('bachelor_term_enrolment', 'Welcome to {{term}}: {{course}}');
  await mail('bachelor_course_status_changed', '{{course}} is now {{courseStatus}}', 'withdrawn');
  await mail('bachelor_transfer_decided', 'Transfer {{transferDecision}}: {{credits}} credits');
  await mail('bachelor_verification_completed', '{{term}}: {{verificationLevel}}', 'UNI');
  await mail('bachelor_graduated', 'Congratulations, {{firstName}}');
});
afterAll(async () => t.close());

const queue = (event: BachelorMailEvent) =>
  t.database.db.transaction((tx) => queueBachelorMail(tx, event, 'https://lantern.example'));

const outbox = (ids: number[]) =>
  q<{ to_address: string; subject: string }>(
    `select to_address, subject from mail_outbox where id = any($1::int[]) order by id`,
    [ids],
  );

describe('bachelor automatic mails', () => {
  it('lists and creates bachelor mails on a bachelor programme only', async () => {
    const admin = await t.as('admin');
    const list = await t.app.inject({
      url: `/api/en/automatic-mail/bachelor/${String(programmeId)}`,
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: unknown[] }>().items.length).toBeGreaterThanOrEqual(5);
    const payload = {
      eventType: 'bachelor_graduated',
      subject: 'Graduated',
      body: 'Well done',
      recipientRole: 'student',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/en/automatic-mail/bachelor/${String(programmeId)}`,
      headers: admin,
      payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [other] = await q<{ id: number; type: string }>(
      `select id, type::text as type from programmes where type <> 'bachelor' order by id limit 1`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/en/automatic-mail/${String(other?.type)}/${String(other?.id)}`,
      headers: admin,
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: Record<string, string> }>().fields.eventType).toBeTruthy();
  });

  it('term enrolment: one mail per student and term naming the courses, once', async () => {
    const event: BachelorMailEvent = {
      type: 'bachelor_term_enrolment',
      programmeId,
      studentCourseIds,
    };
    const ids = await queue(event);
    expect(ids).toHaveLength(2);
    const sent = await outbox(ids);
    expect(sent[0]?.subject).toMatch(/^Welcome to Spring 2036: LIB\d+, LIB\d+$/);
    expect(await queue(event)).toEqual([]);
  });

  it('course status changed: only rows now in that status, matched on the event status', async () => {
    const [first, second] = studentCourseIds;
    await q(
      `update ba_student_courses set status = 'withdrawn', version = version + 1 where id = $1`,
      [first],
    );
    const ids = await queue({
      type: 'bachelor_course_status_changed',
      programmeId,
      studentCourseIds: [first ?? 0, second ?? 0],
      status: 'withdrawn',
    });
    expect(ids).toHaveLength(1);
    expect((await outbox(ids))[0]?.subject).toMatch(/ is now Withdrawn$/);
    const failed = await queue({
      type: 'bachelor_course_status_changed',
      programmeId,
      studentCourseIds: [second ?? 0],
      status: 'failed',
    });
    expect(failed).toEqual([]);
  });

  it('transfer decided, verification completed and graduated', async () => {
    const transfer = await queue({
      type: 'bachelor_transfer_decided',
      programmeId,
      transferIds: [transferId],
      decision: 'approved',
    });
    expect((await outbox(transfer)).map((m) => m.subject)).toEqual([
      'Transfer Approved: 3 credits',
    ]);
    const verified = await queue({
      type: 'bachelor_verification_completed',
      programmeId,
      verificationId,
      level: 'UNI',
    });
    expect(verified).toHaveLength(2);
    expect((await outbox(verified))[0]?.subject).toBe('Spring 2036: University approval');
    const graduated = await queue({
      type: 'bachelor_graduated',
      programmeId,
      enrolmentIds: enrolments.map((e) => e.id),
    });
    const sent = await outbox(graduated);
    expect(sent.map((m) => m.to_address)).toEqual([enrolments[0]?.email]);
    expect(
      await queue({
        type: 'bachelor_graduated',
        programmeId,
        enrolmentIds: [enrolments[0]?.id ?? 0],
      }),
    ).toEqual([]);
  });
});
