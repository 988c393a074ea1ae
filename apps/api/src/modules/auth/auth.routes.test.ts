import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const login = (username: unknown, password: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password },
    remoteAddress,
  });

describe('POST /api/login_check', () => {
  it('answers a token pair for a right password', async () => {
    const res = await login('coordinator', 'lantern-demo');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; refresh_token: string }>();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    const payload = JSON.parse(
      Buffer.from(body.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(15 * 60);
    const [row] = await t.database.query<{ last_sign_in_at: Date | null; action: string | null }>(
      `select u.last_sign_in_at, (select action from audit_log where actor_id = u.jwl_id order by id desc limit 1) as action
         from users u where username = 'coordinator'`,
    );
    expect(row?.last_sign_in_at).not.toBeNull();
    expect(row?.action).toBe('auth.sign_in');
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const wrong = await login('facilitator', 'not-the-password', '10.1.0.1');
    const unknown = await login('nobody-at-all', 'lantern-demo', '10.1.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<{ detail: string }>().detail).toBeTruthy();
  });

  it('accepts a urlencoded and a multipart body as well as JSON', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin&password=lantern-demo',
    });
    expect(form.statusCode).toBe(200);
    const { multipart } = await import('../../../test/helpers');
    const mp = multipart({ username: 'admin', password: 'lantern-demo' });
    const multi = await t.app.inject({ method: 'POST', url: '/api/login_check', ...mp });
    expect(multi.statusCode).toBe(200);
  });

  it('answers 400 naming the field for malformed bodies, never 500', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { password: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toHaveProperty('username');
    const empty = await login('', 'x');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.username).toBe(
      'This field must be filled',
    );
    const wrongType = await login(42, ['x']);
    expect(wrongType.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ detail: string }>().detail).toBe('The request body is not valid JSON.');
    const noBody = await t.app.inject({ method: 'POST', url: '/api/login_check' });
    expect(noBody.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('limits failed attempts per account: the eleventh answers 429 with when to try again', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await login('teaching_assistant', `wrong-${i}`, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const limited = await login('teaching_assistant', 'lantern-demo', '10.2.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string }>().detail).toMatch(
      /try again in \d+ minutes? \(after \d\d:\d\d UTC\)/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from another address is not affected.
    expect((await login('faculty', 'lantern-demo', '10.2.1.1')).statusCode).toBe(200);
  });

  it('limits failed attempts per address at 100', async () => {
    for (let i = 0; i < 100; i += 1) {
      expect((await login(`ghost-${i}`, 'x', '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await login('lead_faculty', 'lantern-demo', '10.3.0.1')).statusCode).toBe(429);
    expect((await login('lead_faculty', 'lantern-demo', '10.3.0.2')).statusCode).toBe(200);
  });

  it('counts only failures: successful sign-ins never lock anyone out', async () => {
    for (let i = 0; i < 12; i += 1)
      expect((await login('view_only_user', 'lantern-demo', '10.4.0.1')).statusCode).toBe(200);
  });

  it('refuses a locked account', async () => {
    await t.database.db.execute(
      sql`update users set status = 'locked' where username = 'api_user'`,
    );
    const res = await login('api_user', 'lantern-demo', '10.5.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string }>().code).toBe('LOCKED');
  });

  it('answers 400, not 500, for text PostgreSQL cannot store', async () => {
    const nul = await login('ad\u0000min', 'lantern-demo', '10.6.0.1');
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ code: string }>().code).toBe('VALIDATION');
  });

  it('refuses a file sent to a route that takes none, before reading it', async () => {
    const { multipart } = await import('../../../test/helpers');
    const mp = multipart(
      { username: 'admin', password: 'lantern-demo' },
      {
        file: { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(64 * 1024) },
      },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', ...mp });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe('This request does not take files.');
  });

  it('stores only an argon2id hash', async () => {
    const rows = await t.database.query<{ password_hash: string }>(
      `select password_hash from users where username = 'admin'`,
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/token/refresh', () => {
  const refresh = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refresh_token=${encodeURIComponent(token)}`,
    });

  it('rotates: a form body gives a new pair that works', async () => {
    const first = await t.signIn('coordinator');
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json<{ token: string; refresh_token: string }>();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const me = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${next.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a replayed token and ends its whole family', async () => {
    const first = await t.signIn('coordinator');
    const second = (await refresh(first.refresh_token)).json<{
      token: string;
      refresh_token: string;
    }>();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The newest token of the family is dead too, and so is its access token.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an unknown token and a missing one with 400/401, not 500', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toHaveProperty(
      'refresh_token',
    );
  });

  it('sign-out ends every sign-in of the user', async () => {
    const otherDevice = await t.signIn('coordinator');
    const pair = await t.signIn('coordinator');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refresh_token)).statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    expect((await t.app.inject({ url: '/api/general/current-user/sis' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/general/current-user/sis',
          headers: { authorization: 'Bearer abc' },
        })
      ).statusCode,
    ).toBe(401);
    const { token } = await t.signIn('admin');
    const [h, p] = token.split('.');
    const forged = `${h ?? ''}.${p ?? ''}.${'A'.repeat(43)}`;
    expect(
      (
        await t.app.inject({
          url: '/api/general/current-user/sis',
          headers: { authorization: `Bearer ${forged}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});
