import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomaticMail } from '@lantern/contracts/automatic-mail';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { queueAutomaticMails, queueBreakEvents } from '../../lib/automatic-mails';

let t: TestApp;
let admin: Record<string, string>;
let programmeId = 0;
const enrolmentIds: number[] = [];

/** A programme at KAK with two students (one with an e-mail) and KAK's coordinators. */
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const [programme] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('professional', '903', 'Mail test', 'Certificate in Mail Tests', '2026-02-01', '2026-07-31', 'applying')
     returning id`,
  );
  programmeId = programme?.id ?? 0;
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [programmeId],
  );
  const made = await t.database.query<{ id: number }>(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, uc.clc_id, 'applied' from users u
     join user_clcs uc on uc.user_id = u.jwl_id join clcs c on c.id = uc.clc_id and c.code = 'KAK'
     where u.username = 'student' or u.jwl_id = (
       select min(u2.jwl_id) from users u2 join user_roles r on r.user_id = u2.jwl_id and r.role_key = 'STUDENT'
       join user_clcs uc2 on uc2.user_id = u2.jwl_id and uc2.clc_id = c.id where u2.email is not null and u2.username <> 'student')
     returning id`,
    [programmeId],
  );
  enrolmentIds.push(...made.map((m) => m.id));
});
afterAll(async () => t.close());

const base = () => `/api/en/automatic-mail/professional/${String(programmeId)}`;

async function create(payload: Record<string, unknown>): Promise<AutomaticMail> {
  const res = await t.app.inject({ method: 'POST', url: base(), headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutomaticMail>();
}

const outbox = (programmeMailId: number) =>
  t.database.query<{ to_address: string; subject: string; text_body: string }>(
    `select to_address, subject, text_body from mail_outbox where dedupe_key like $1 order by id`,
    [`auto:${String(programmeMailId)}:%`],
  );

describe('automatic mails', () => {
  it('validates: known event, its statuses, known placeholders, texts required', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: admin,
      payload: {
        eventType: 'student_state_changed',
        eventStatus: 'running',
        subject: 'Hello {{firstName}} {{nickname}}',
        body: '',
        recipientRole: 'student',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: {
        eventStatus: 'Please select a valid option',
        subject: 'Unknown placeholder {{nickname}}',
        body: 'This field must be filled',
      },
    });
  });

  it('queues one mail per event and recipient, filled in, and never twice', async () => {
    const welcome = await create({
      eventType: 'student_state_changed',
      eventStatus: 'active',
      subject: 'Welcome to {{programme}}, {{firstName}}',
      body: 'Dear {{firstName}} {{lastName}} ({{jwlId}}), you are {{state}} from {{startDate}}.',
      recipientRole: 'student',
      published: true,
    });
    const toCoordinators = await create({
      eventType: 'student_state_changed',
      eventStatus: 'active',
      subject: '{{firstName}} {{lastName}} joined {{programmeCode}}',
      body: 'At {{clc}}.',
      recipientRole: 'coordinator',
      published: true,
    });
    const draft = await create({
      eventType: 'student_state_changed',
      subject: 'Not published',
      body: 'Never sent',
      recipientRole: 'student',
      published: false,
    });
    await t.database.query(
      `update enrolments set state = 'active', version = version + 1 where id = any($1)`,
      [enrolmentIds],
    );
    const event = {
      type: 'student_state_changed' as const,
      programmeId,
      enrolmentIds,
      state: 'active' as const,
    };
    const first = await t.database.db.transaction((tx) =>
      queueAutomaticMails(tx, event, 'https://lantern.example'),
    );
    const again = await t.database.db.transaction((tx) =>
      queueAutomaticMails(tx, event, 'https://lantern.example'),
    );
    expect(again).toEqual([]);
    const toStudents = await outbox(welcome.id);
    expect(toStudents).toHaveLength(2);
    const mine = toStudents.find((m) => m.to_address === 'student@demo.lantern.example');
    expect(mine?.subject).toMatch(/^Welcome to Certificate in Mail Tests, \S+/);
    expect(mine?.text_body).toMatch(/you are Active from 2026-02-01\.$/);
    const coordinators = await outbox(toCoordinators.id);
    const [kakCoordinators] = await t.database.query<{ n: number }>(
      `select count(distinct u.jwl_id)::int as n from users u join user_clcs uc on uc.user_id = u.jwl_id
       join clcs c on c.id = uc.clc_id and c.code = 'KAK'
       join user_roles r on r.user_id = u.jwl_id and r.role_key in ('COORDINATOR', 'LEAD_COORDINATOR')
       where u.email is not null and u.status = 'active'`,
    );
    expect(coordinators).toHaveLength(2 * (kakCoordinators?.n ?? 0));
    expect(first).toHaveLength(toStudents.length + coordinators.length);
    expect(await outbox(draft.id)).toHaveLength(0);

    // A later change to the same state is another occurrence.
    await t.database.query(`update enrolments set version = version + 1 where id = $1`, [
      enrolmentIds[0],
    ]);
    const later = await t.database.db.transaction((tx) =>
      queueAutomaticMails(tx, { ...event, enrolmentIds: [enrolmentIds[0] ?? 0] }, 'x'),
    );
    expect(later).toHaveLength(1 + (kakCoordinators?.n ?? 0));
  });

  it('raises study break events once, when the break starts and after it ends', async () => {
    const mail = await create({
      eventType: 'study_break_started',
      subject: 'Break of {{firstName}}',
      body: 'Until {{breakEndsOn}}.',
      recipientRole: 'student',
      published: true,
    });
    await t.database.query(
      `insert into study_breaks (enrolment_id, starts_on, ends_on) values ($1, '2026-03-01', '2026-03-20')`,
      [enrolmentIds[0]],
    );
    expect(await queueBreakEvents(t.database.db, 'x', '2026-02-28')).toHaveLength(0);
    expect(await queueBreakEvents(t.database.db, 'x', '2026-03-02')).toHaveLength(1);
    expect(await queueBreakEvents(t.database.db, 'x', '2026-03-03')).toHaveLength(0);
    expect((await outbox(mail.id))[0]?.text_body).toBe('Until 2026-03-20.');
  });

  it('lists, edits with the version, previews with a real student, test-sends to me, deletes', async () => {
    const list = await t.app.inject({ method: 'GET', url: base(), headers: admin });
    const items = list.json<{ items: AutomaticMail[] }>().items;
    expect(items.length).toBeGreaterThanOrEqual(4);
    const mail = items.find((m) => m.subject.startsWith('Welcome'));
    expect(mail?.sent).toBeGreaterThanOrEqual(3);
    const put = (version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${base()}/${String(mail?.id)}`,
        headers: admin,
        payload: { ...mail, subject: 'Welcome, {{firstName}}', version },
      });
    expect((await put(mail?.version ?? 0)).statusCode).toBe(200);
    expect((await put(mail?.version ?? 0)).statusCode).toBe(409);

    const preview = await t.app.inject({
      method: 'POST',
      url: `${base()}/${String(mail?.id)}/preview`,
      headers: admin,
      payload: {},
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json<{ subject: string; student: { name: string } | null }>();
    expect(shown.student).not.toBeNull();
    expect(shown.subject).toBe(`Welcome, ${shown.student?.name.split(' ')[0] ?? ''}`);

    const test = await t.app.inject({
      method: 'POST',
      url: `${base()}/${String(mail?.id)}/test-send`,
      headers: admin,
      payload: {},
    });
    expect(test.json()).toEqual({ to: 'admin@demo.lantern.example' });
    const [sent] = await t.database.query<{ subject: string }>(
      `select subject from mail_outbox where kind = 'automatic-test' order by id desc limit 1`,
    );
    expect(sent?.subject).toBe(`[Test] ${shown.subject}`);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/${String(mail?.id)}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `${base()}/${String(mail?.id)}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('needs the rights, and the programme type in the path must match', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: await t.as('view_only_user'),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ missingRight: 'AUTOMATIC_MAIL__CREATE' });
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `/api/en/automatic-mail/bachelor/${String(programmeId)}`,
      headers: admin,
    });
    expect(wrongType.statusCode).toBe(404);
  });

  it('goes out with a programme status move, once, in the same transaction', async () => {
    const mail = await create({
      eventType: 'programme_state_changed',
      eventStatus: 'preparing',
      subject: '{{programme}} is {{programmeState}}',
      body: 'Dear {{firstName}}, we are preparing.',
      recipientRole: 'student',
      published: true,
    });
    const [programme] = await t.database.query<{ version: number }>(
      `select version from programmes where id = $1`,
      [programmeId],
    );
    const move = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/en/programme/professional-certificate/${String(programmeId)}/actions/start-preparing`,
        headers: admin,
        payload: { version: programme?.version },
      });
    expect((await move()).statusCode).toBe(200);
    expect((await move()).statusCode).toBe(409);
    const sent = await outbox(mail.id);
    // Both students are active by now, each with an e-mail.
    expect(sent).toHaveLength(2);
    expect(sent[0]?.subject).toBe('Certificate in Mail Tests is preparing');
  });
});
