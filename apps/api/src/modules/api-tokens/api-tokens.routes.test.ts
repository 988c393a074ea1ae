import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken } from '@lantern/contracts/bachelor-integration';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { hashApiToken } from '../../lib/api-tokens';

let t: TestApp;
let admin: Record<string, string>;
let apiUserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const [u] = await t.database.query<{ id: number }>(
    `select jwl_id as id from users where username = 'api_user'`,
  );
  apiUserId = u?.id ?? 0;
});
afterAll(async () => t.close());

const create = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/en/api-tokens', headers, payload });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newToken(name = 'University sync', expiresOn?: string) {
  const res = await create({ userId: apiUserId, name, ...(expiresOn ? { expiresOn } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string; item: ApiToken }>();
}

describe('API tokens', () => {
  it('are shown once and only their hash is kept', async () => {
    const { token, item } = await newToken();
    expect(token).toMatch(/^lnt_[A-Za-z0-9_-]{43}$/);
    expect(item.prefix).toBe(token.slice(0, 12));
    expect(item.state).toBe('active');
    const [row] = await t.database.query<{ token_hash: string; prefix: string }>(
      `select token_hash, prefix from api_tokens where id = $1`,
      [item.id],
    );
    expect(row?.token_hash).toBe(hashApiToken(token));
    expect(row?.token_hash).not.toContain(token.slice(4));
    // The list never shows it again.
    const list = await t.app.inject({ url: '/api/en/api-tokens?q=University', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json<{ items: ApiToken[] }>().items.some((i) => i.id === item.id)).toBe(true);
    const [logged] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'api-token.create' and entity_id = $1`,
      [String(item.id)],
    );
    expect(logged?.n).toBe(1);
    const audits = await t.database.query<{ changes: string }>(
      `select changes::text as changes from audit_log where action like 'api-token.%'`,
    );
    for (const a of audits) expect(a.changes).not.toContain(token);
  });

  it('need USER__SECURITY_ACCESS and a user who may use the API', async () => {
    const coordinator = await t.as('coordinator');
    const denied = await create({ userId: apiUserId, name: 'x' }, coordinator);
    expect(denied.statusCode).toBe(403);
    const [student] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'student'`,
    );
    const wrong = await create({ userId: student?.id, name: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: Record<string, string> }>().fields.userId).toBeTruthy();
    const blank = await create({ userId: apiUserId, name: ' ' });
    expect(blank.statusCode).toBe(400);
    const past = await create({ userId: apiUserId, name: 'x', expiresOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    const users = await t.app.inject({ url: '/api/en/api-tokens/users', headers: admin });
    expect(users.json<{ items: { username: string }[] }>().items.map((u) => u.username)).toContain(
      'api_user',
    );
  });

  it('are made only by who may change their user’s sign-in (decision 0015)', async () => {
    const [superAdmin] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'super_admin'`,
    );
    const before = await t.database.query<{ n: number }>(
      `select count(*)::int as n from api_tokens`,
    );
    const denied = await create({ userId: superAdmin?.id, name: 'as the super admin' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'ROLE_GRANT_DENIED' });
    const after = await t.database.query<{ n: number }>(
      `select count(*)::int as n from api_tokens`,
    );
    expect(after).toEqual(before);
    // The super admin may make one for themselves; the admin one for the integration user.
    const own = await create(
      { userId: superAdmin?.id, name: 'super admin sync' },
      await t.as('super_admin'),
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('end a year from today unless another day is chosen', async () => {
    const { item } = await newToken('default expiry');
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(item.expiresAt).toBe(`${inAYear}T23:59:59.999Z`);
    const chosen = await newToken('chosen expiry', '2031-05-06');
    expect(chosen.item.expiresAt).toBe('2031-05-06T23:59:59.999Z');
    const empty = await create({ userId: apiUserId, name: 'empty', expiresOn: '' });
    expect(empty.json<{ item: ApiToken }>().item.expiresAt).toBe(`${inAYear}T23:59:59.999Z`);
  });

  it('made before without an expiry keep working', async () => {
    const { token, item } = await newToken('old, no expiry');
    await t.database.query(`update api_tokens set expires_at = null where id = $1`, [item.id]);
    const res = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('open the integration API as their user and mark it used at most once a minute', async () => {
    const { token, item } = await newToken('used');
    const res = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = await t.database.query<{ at: string }>(
      `select last_used_at::text as at from api_tokens where id = $1`,
      [item.id],
    );
    expect(first?.at).toBeTruthy();
    await t.app.inject({ url: '/api/en/integration/programme/bachelor', headers: bearer(token) });
    const [second] = await t.database.query<{ at: string }>(
      `select last_used_at::text as at from api_tokens where id = $1`,
      [item.id],
    );
    expect(second?.at).toBe(first?.at);
    // Use is not an audit row per call.
    const [uses] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity_type = 'api_token' and entity_id = $1`,
      [String(item.id)],
    );
    expect(uses?.n).toBe(1);
  });

  it('cannot reach anything but the integration API (403)', async () => {
    const { token } = await newToken('narrow');
    for (const url of [
      '/api/en/profile',
      '/api/general/current-user/sis',
      '/api/en/home/summary',
      '/api/en/clc-partner/options',
      '/api/en/api-tokens',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('are refused when unknown, revoked or expired (401)', async () => {
    const unknown = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(`lnt_${'A'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);

    const { token, item } = await newToken('to revoke');
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/en/api-tokens/${String(item.id)}/revoke`,
      headers: admin,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json<ApiToken>().state).toBe('revoked');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/en/api-tokens/${String(item.id)}/revoke`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    const revoked = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(401);
    const [logged] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'api-token.revoke' and entity_id = $1`,
      [String(item.id)],
    );
    expect(logged?.n).toBe(1);

    const expiring = await newToken('expiring', '2099-12-31');
    await t.database.query(
      `update api_tokens set expires_at = now() - interval '1 second' where id = $1`,
      [expiring.item.id],
    );
    const expired = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(expiring.token),
    });
    expect(expired.statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/en/api-tokens?state=expired', headers: admin });
    expect(list.json<{ items: ApiToken[] }>().items.map((i) => i.id)).toContain(expiring.item.id);
  });

  it('are filtered by their user, who is picked among the users holding a token', async () => {
    // A second integration user: a coordinator given API_USER, then a token for each.
    const [other] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'coordinator'`,
    );
    const otherId = other?.id ?? 0;
    await t.database.query(`insert into user_roles (user_id, role_key) values ($1, 'API_USER')`, [
      otherId,
    ]);
    const mine = await newToken('filter: api user');
    const theirs = await create({ userId: otherId, name: 'filter: coordinator' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json<{ item: ApiToken }>().item.id;
    const listOf = async (userId: number) => {
      const res = await t.app.inject({
        url: `/api/en/api-tokens?userId=${String(userId)}&limit=100`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: ApiToken[]; total: number }>();
    };
    const ofApiUser = await listOf(apiUserId);
    expect(ofApiUser.items.every((i) => i.userId === apiUserId)).toBe(true);
    expect(ofApiUser.items.map((i) => i.id)).toContain(mine.item.id);
    expect(ofApiUser.items.map((i) => i.id)).not.toContain(theirId);
    const ofOther = await listOf(otherId);
    expect(ofOther.items.map((i) => i.id)).toEqual([theirId]);
    expect(ofOther.total).toBe(1);
    // The filter's choices are those holding a token, even once they may no longer get one.
    await t.database.query(`delete from user_roles where user_id = $1 and role_key = 'API_USER'`, [
      otherId,
    ]);
    const users = async (query: string) =>
      (await t.app.inject({ url: `/api/en/api-tokens/users${query}`, headers: admin }))
        .json<{ items: { id: number }[] }>()
        .items.map((u) => u.id);
    expect(await users('?kind=holders')).toEqual(expect.arrayContaining([apiUserId, otherId]));
    expect(await users('?kind=holders&q=coord')).toEqual([otherId]);
    expect(await users('')).not.toContain(otherId);
    const wrongKind = await t.app.inject({
      url: '/api/en/api-tokens/users?kind=everyone',
      headers: admin,
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('follow their user: a locked user’s token is refused', async () => {
    const { token } = await newToken('locked');
    await t.database.query(`update users set status = 'locked' where jwl_id = $1`, [apiUserId]);
    const res = await t.app.inject({
      url: '/api/en/integration/programme/bachelor',
      headers: bearer(token),
    });
    await t.database.query(`update users set status = 'active' where jwl_id = $1`, [apiUserId]);
    expect(res.statusCode).toBe(401);
  });
});
