import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMailer } from '../../plugins/mail';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://lantern.test' });
});
afterAll(async () => t.close());

const init = (usernameOrEmail: string) =>
  t.app.inject({
    method: 'POST',
    url: '/forgot-password/init',
    payload: { usernameOrEmail, locale: 'en' },
  });

const lastMail = async (to: string) => {
  const rows = await t.database.query<{ text_body: string; kind: string }>(
    `select text_body, kind from mail_outbox where to_address = $1 order by id desc limit 1`,
    [to],
  );
  return rows[0] ?? null;
};

const tokenIn = (text: string) => /set-new-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('forgot password', () => {
  it('answers the same whether or not the account exists', async () => {
    const known = await init('academic_manager');
    const unknown = await init('no-such-person@nowhere.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('mails a one-time link that sets the password once, ends every sign-in, and then fails', async () => {
    const session = await t.signIn('operational_manager');
    await init('operational_manager@demo.lantern.example');
    const mail = await lastMail('operational_manager@demo.lantern.example');
    expect(mail?.kind).toBe('password-reset');
    const token = tokenIn(mail?.text_body ?? '');
    expect(token.length).toBeGreaterThan(30);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/forgot-password/reset',
      payload: { token, password: 'brand-new-pass-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: '/api/en/profile',
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: 'operational_manager', password: 'lantern-demo' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: 'operational_manager', password: 'brand-new-pass-9' },
        })
      ).statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/forgot-password/reset',
      payload: { token, password: 'yet-another-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ detail: string }>().detail).toBe(
      'This link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('builds the link from the configured address, never from the request’s Host', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/forgot-password/init',
      headers: { host: 'evil.example' },
      payload: { usernameOrEmail: 'lead_faculty', locale: 'en' },
    });
    const mail = await lastMail('lead_faculty@demo.lantern.example');
    expect(mail?.text_body).toContain('https://lantern.test/en/set-new-password#token=');
    expect(mail?.text_body).not.toContain('evil.example');
  });

  it('refuses an expired link', async () => {
    await init('university_representative');
    const mail = await lastMail('university_representative@demo.lantern.example');
    await t.database.exec(
      `update password_reset_tokens set expires_at = now() - interval '1 minute'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/forgot-password/reset',
      payload: { token: tokenIn(mail?.text_body ?? ''), password: 'brand-new-pass-9' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a link without a valid token as invalid or expired, never as a field to fill', async () => {
    for (const token of [undefined, '', 'abc', 'x'.repeat(40), 'x'.repeat(5000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/forgot-password/reset',
        payload: { ...(token === undefined ? {} : { token }), password: 'brand-new-pass-9' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'This link is invalid or has expired. Please ask for a new one.',
        code: 'TOKEN_INVALID',
      });
    }
  });

  it('tells whether a link still works when its page opens', async () => {
    await init('lead_coordinator');
    const mail = await lastMail('lead_coordinator@demo.lantern.example');
    const check = (token: unknown) =>
      t.app.inject({ method: 'POST', url: '/forgot-password/check', payload: { token } });
    expect((await check(tokenIn(mail?.text_body ?? ''))).json()).toEqual({ valid: true });
    expect((await check('x'.repeat(43))).json()).toEqual({ valid: false });
    expect((await check('')).json()).toEqual({ valid: false });
    expect((await check(12)).json()).toEqual({ valid: false });
  });

  it('validates the new password and the fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/forgot-password/reset',
      payload: { token: 'x'.repeat(40), password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.password).toBe(
      'Please enter a password',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/forgot-password/init', payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('sends at most three links an hour to one account', async () => {
    for (let i = 0; i < 5; i += 1) await init('view_only_user');
    const rows = await t.database.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where to_address = 'view_only_user@demo.lantern.example'`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});

describe('mail log', () => {
  it('lists the outbox for holders of MAIL_LOG__DISPLAY, searchable and paged', async () => {
    await init('teaching_assistant');
    const res = await t.app.inject({
      url: '/api/en/mail-log?q=teaching_assistant&limit=5',
      headers: await t.as('admin'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      items: { to: string; status: string; text: string }[];
      total: number;
      limit: number;
    }>();
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.items[0]?.to).toBe('teaching_assistant@demo.lantern.example');
    // A reset link is a credential: the log shows the mail without it.
    expect(body.items[0]?.text).toContain('set-new-password#token=[hidden]');
    expect(body.limit).toBe(5);
    expect(
      (await t.app.inject({ url: '/api/en/mail-log?limit=101', headers: await t.as('admin') }))
        .statusCode,
    ).toBe(400);
  });

  it('delivers a queued mail: without SMTP it stays readable as stored', async () => {
    await init('faculty');
    const [row] = await t.database.query<{ id: number }>(
      `select id from mail_outbox where to_address = 'faculty@demo.lantern.example' order by id desc limit 1`,
    );
    await t.mailer.deliver(row?.id ?? 0);
    const [after] = await t.database.query<{ status: string }>(
      `select status from mail_outbox where id = $1`,
      [row?.id],
    );
    expect(after?.status).toBe('stored');
  });

  it('prints the one-time link of a mail kept without SMTP to the server console only', async () => {
    await init('coordinator');
    const [row] = await t.database.query<{ id: number; text_body: string }>(
      `select id, text_body from mail_outbox where to_address = 'coordinator@demo.lantern.example' order by id desc limit 1`,
    );
    const printed: string[] = [];
    const mailer = createMailer({
      db: t.database.db,
      smtpUrl: null,
      from: 'Lantern <no-reply@lantern.test>',
      onError: () => undefined,
      printLine: (line) => printed.push(line),
    });
    await mailer.deliver(row?.id ?? 0);
    const token = tokenIn(row?.text_body ?? '');
    expect(printed).toEqual([
      `No SMTP_URL: password-reset link for coordinator@demo.lantern.example: https://lantern.test/en/set-new-password#token=${token}`,
    ]);
    // The mail log keeps hiding it.
    const log = await t.app.inject({
      url: '/api/en/mail-log?q=coordinator@demo&limit=1',
      headers: await t.as('admin'),
    });
    expect(log.body).not.toContain(token);
  });
});
