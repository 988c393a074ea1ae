import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Ticket, TicketListItem } from '@lantern/contracts/communication';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let student: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ HELPDESK_EMAIL: 'helpdesk@lantern.example' });
  admin = await t.as('admin');
  student = await t.as('student');
});
afterAll(async () => t.close());

const FIFTY = 'The page showed an error when I saved the student.'; // 50 characters
const mails = (kind: string) =>
  t.database.query<{ to_address: string; subject: string; text_body: string }>(
    `select to_address, subject, text_body from mail_outbox where kind = $1 order by id`,
    [kind],
  );

describe('support issues', () => {
  it('refuses a description of 49 characters with the text of §5, accepts 50', async () => {
    expect(FIFTY).toHaveLength(50);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/en/support-issues',
      headers: student,
      payload: { description: FIFTY.slice(0, 49), issueType: 'system-error' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      fields: { description: 'Text appears to be too short' },
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/en/support-issues',
      headers: student,
      payload: { description: FIFTY, issueType: 'system-error' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stores the user, page, course, errors and screenshot; mails the sender and the helpdesk', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const errors = [
      {
        error: 'Error while updating',
        page: '/en/student/list',
        timestamp: '2026-11-21T10:00:00.000Z',
      },
    ];
    const form = multipart(
      {
        issueType: 'system-error',
        description: `${FIFTY} It happened twice.`,
        pageUrl: '/en/student/list?q=abc',
        course: 'ENG 101',
        errors: JSON.stringify(errors),
      },
      { screenshot: { name: 'shot.png', type: 'image/png', data: png } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/support-issues',
      headers: { ...student, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const detail = await t.app.inject({ url: `/api/en/support-tickets/${id}`, headers: admin });
    const ticket = detail.json<Ticket>();
    const [me] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'student'`,
    );
    expect(ticket).toMatchObject({
      kind: 'support_issue',
      status: 'new',
      userId: me?.jwl_id,
      pageUrl: '/en/student/list?q=abc',
      course: 'ENG 101',
      errors,
      issueType: 'system-error',
    });
    expect(ticket.screenshot).toMatch(/^\/api\/files\//);
    const shot = await t.app.inject({ url: ticket.screenshot ?? '' });
    expect(shot.headers['content-type']).toBe('image/png');
    const helpdesk = await mails('support-helpdesk');
    expect(helpdesk.at(-1)).toMatchObject({ to_address: 'helpdesk@lantern.example' });
    expect(helpdesk.at(-1)?.text_body).toContain('/en/student/list?q=abc');
    expect(helpdesk.at(-1)?.text_body).toContain('Error while updating');
    expect((await mails('support-acknowledgement')).at(-1)?.to_address).toBe(
      'student@demo.lantern.example',
    );
  });

  it('refuses a screenshot that is not an image', async () => {
    const form = multipart(
      { description: FIFTY },
      { screenshot: { name: 'x.png', type: 'image/png', data: Buffer.from('not an image') } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/support-issues',
      headers: { ...student, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { screenshot: 'File must be a valid file' } });
  });
});

describe('public tickets', () => {
  const send = (payload: Record<string, unknown>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/public-api/1.0/public-ticket',
      payload,
      remoteAddress: ip,
    });
  const ticket = {
    name: 'Mary',
    email: 'mary@example.org',
    subject: 'Sign-in',
    description: FIFTY,
  };

  it('needs no sign-in, checks the fields, and applies the 50-character rule', async () => {
    const bad = await send({ ...ticket, email: 'nope', description: 'short' }, '10.9.0.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: {
        email: 'Must be a valid E-Mail address',
        description: 'Text appears to be too short',
      },
    });
    const ok = await send(ticket, '10.9.0.1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await mails('support-acknowledgement')).at(-1)?.to_address).toBe('mary@example.org');
  });

  it('stores nothing when the hidden field is filled, and answers the same', async () => {
    const [before] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from support_tickets`,
    );
    const res = await send({ ...ticket, website: 'http://spam.example' }, '10.9.0.2');
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from support_tickets`,
    );
    expect(after?.n).toBe(before?.n);
  });

  it('limits an address to 5 an hour; another address is not affected', async () => {
    for (let i = 0; i < 5; i += 1) expect((await send(ticket, '10.9.0.3')).statusCode).toBe(200);
    const limited = await send(ticket, '10.9.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await send(ticket, '10.9.0.4')).statusCode).toBe(200);
  });
});

describe('the helpdesk page', () => {
  it('lists, filters and searches tickets; replies by mail; closes', async () => {
    const list = await t.app.inject({
      url: '/api/en/support-tickets?status=new&kind=public_ticket&q=mary',
      headers: admin,
    });
    const items = list.json<{ items: TicketListItem[]; total: number }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === 'new' && i.kind === 'public_ticket')).toBe(true);
    const first = items[0];
    const detail = (
      await t.app.inject({ url: `/api/en/support-tickets/${first?.id}`, headers: admin })
    ).json<Ticket>();
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/en/support-tickets/${detail.id}/reply`,
      headers: admin,
      payload: { body: 'Your username is your e-mail address.', version: detail.version },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const after = replied.json<Ticket>();
    expect(after.status).toBe('in_progress');
    expect(after.replyList.at(-1)?.body).toBe('Your username is your e-mail address.');
    expect((await mails('support-reply')).at(-1)).toMatchObject({ to_address: detail.email });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/en/support-tickets/${detail.id}/status`,
      headers: admin,
      payload: { status: 'closed', version: after.version },
    });
    expect(closed.json<Ticket>().status).toBe('closed');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/en/support-tickets/${detail.id}/status`,
      headers: admin,
      payload: { status: 'new', version: after.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('is closed to a student (403 naming the right)', async () => {
    const res = await t.app.inject({ url: '/api/en/support-tickets', headers: student });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ missingRight: 'SUPPORT_TICKET__DISPLAY' });
  });
});
