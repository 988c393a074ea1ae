import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityPreview, SecurityRun } from '@lantern/contracts/security-actions';
import { SECURITY_TEXTS } from '@lantern/contracts/security-actions';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

let serial = 0;

/** A person who can sign in with the demo password; with an e-mail unless told otherwise. */
async function person(options: { email?: boolean; status?: 'active' | 'locked' } = {}) {
  serial += 1;
  const username = `security_${String(serial)}`;
  const [u] = await q<{ id: number }>(
    `insert into users (username, email, first_name, last_name, status, password_hash)
     select $1, $2, 'Sec', 'Person ' || $3, $4, password_hash from users where username = 'student'
     returning jwl_id as id`,
    [
      username,
      options.email === false ? null : `${username}@security.example`,
      String(serial),
      options.status ?? 'active',
    ],
  );
  const id = u?.id ?? 0;
  await q(`insert into user_roles (user_id, role_key) values ($1, 'STUDENT')`, [id]);
  return { id, username };
}

const post = (path: 'preview' | 'run', payload: unknown, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/en/security-actions/${path}`,
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('security batch actions', () => {
  it('need USER__SECURITY_ACCESS', async () => {
    const manager = await t.as('operational_manager');
    const one = await person();
    const body = { action: 'lock', selection: { mode: 'ids', ids: [one.id] } };
    for (const path of ['preview', 'run'] as const) {
      const res = await post(path, { ...body, expectedCount: 1 }, manager);
      expect(res.statusCode, path).toBe(403);
      expect(res.json<{ missingRight: string }>().missingRight).toBe('USER__SECURITY_ACCESS');
    }
    const [row] = await q<{ status: string }>(`select status from users where jwl_id = $1`, [
      one.id,
    ]);
    expect(row?.status).toBe('active');
  });

  it('locks a mixed selection: only those it applies to, each with a reason otherwise', async () => {
    const a = await person();
    const b = await person();
    const locked = await person({ status: 'locked' });
    const removed = await person();
    await q(`update users set deleted_at = now() where jwl_id = $1`, [removed.id]);
    const [me] = await q<{ id: number }>(`select jwl_id as id from users where username = 'admin'`);
    const [superAdmin] = await q<{ id: number }>(
      `select jwl_id as id from users where username = 'super_admin'`,
    );
    const session = await t.signIn(a.username);
    const selection = {
      mode: 'ids',
      ids: [a.id, b.id, locked.id, removed.id, me?.id, superAdmin?.id, 2_000_000_000],
    };

    const preview = await post('preview', { action: 'lock', selection });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<SecurityPreview>();
    expect(p).toMatchObject({ matched: 7, affected: 2, skippedCount: 5 });
    expect(p.examples.map((e) => e.id)).toEqual([a.id, b.id]);
    const reasons = Object.fromEntries(p.skipped.map((s) => [s.id, s.reason]));
    expect(reasons).toEqual({
      [locked.id]: SECURITY_TEXTS.alreadyLocked,
      [removed.id]: SECURITY_TEXTS.removed,
      [me?.id ?? 0]: SECURITY_TEXTS.self,
      [superAdmin?.id ?? 0]: SECURITY_TEXTS.superAdmin,
      [2_000_000_000]: SECURITY_TEXTS.unknown,
    });
    // Nothing changed by the dry run.
    const [stillActive] = await q<{ status: string }>(
      `select status from users where jwl_id = $1`,
      [a.id],
    );
    expect(stillActive?.status).toBe('active');

    const wrongCount = await post('run', { action: 'lock', selection, expectedCount: 3 });
    expect(wrongCount.statusCode).toBe(409);
    expect(wrongCount.json<{ detail: string }>().detail).toBe(SECURITY_TEXTS.changed(2, 3));

    const done = await post('run', {
      action: 'lock',
      selection,
      expectedCount: 2,
      reason: 'audit',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SecurityRun>()).toMatchObject({ affected: 2, skippedCount: 5 });
    const statuses = await q<{ id: number; status: string }>(
      `select jwl_id as id, status from users where jwl_id = any($1::int[]) order by jwl_id`,
      [[a.id, b.id, superAdmin?.id ?? 0]],
    );
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [a.id]: 'locked',
      [b.id]: 'locked',
      [superAdmin?.id ?? 0]: 'active',
    });
    const audits = await q<{ entity_id: string; changes: { reason: string } }>(
      `select entity_id, changes from audit_log where action = 'user.security.lock' and entity_id = any($1::text[]) order by entity_id`,
      [[String(a.id), String(b.id)]],
    );
    expect(audits.map((r) => r.entity_id)).toEqual([String(a.id), String(b.id)]);
    expect(audits[0]?.changes.reason).toBe('audit');
    // Locking ends their sign-ins.
    const current = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(current.statusCode).toBe(401);

    // Run again: the selection now changes nobody.
    const again = await post('run', { action: 'lock', selection, expectedCount: 2 });
    expect(again.statusCode).toBe(409);

    const unlock = await post('preview', { action: 'unlock', selection });
    expect(unlock.json<SecurityPreview>().affected).toBe(3);
  });

  it('selects by filter: role, CLC, status and last sign-in', async () => {
    const selection = { mode: 'filter', role: 'STUDENT', signedIn: 'never', status: 'active' };
    const res = await post('preview', { action: 'revoke_sessions', selection });
    expect(res.statusCode, res.body).toBe(200);
    const [expected] = await q<{ n: number }>(
      `select count(*)::int as n from users u
        where u.deleted_at is null and u.status = 'active' and u.last_sign_in_at is null
          and exists (select 1 from user_roles r where r.user_id = u.jwl_id and r.role_key = 'STUDENT')`,
    );
    expect(res.json<SecurityPreview>().matched).toBe(expected?.n);
    // Never signed in: nobody has a session to end.
    expect(res.json<SecurityPreview>().affected).toBe(0);

    const byClc = await post('preview', {
      action: 'lock',
      selection: { mode: 'filter', clc: 2_000_000, role: 'STUDENT' },
    });
    expect(byClc.json<SecurityPreview>().matched).toBe(0);

    const noDate = await post('preview', {
      action: 'lock',
      selection: { mode: 'filter', signedIn: 'before' },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<{ fields: Record<string, string> }>().fields.date).toBe(
      SECURITY_TEXTS.dateRequired,
    );
  });

  it('forces a password reset: old password gone, signed out, a link mailed', async () => {
    const a = await person();
    const noMail = await person({ email: false });
    const selection = { mode: 'ids', ids: [a.id, noMail.id] };
    const session = await t.signIn(a.username);
    const preview = (
      await post('preview', { action: 'force_password_reset', selection })
    ).json<SecurityPreview>();
    expect(preview.affected).toBe(1);
    expect(preview.skipped).toEqual([
      { id: noMail.id, name: `Sec Person ${String(serial)}`, reason: SECURITY_TEXTS.noEmail },
    ]);
    const res = await post('run', { action: 'force_password_reset', selection, expectedCount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    await expect(t.signIn(a.username)).rejects.toThrow(/401/);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const mails = await q<{ to_address: string; text_body: string }>(
      `select to_address, text_body from mail_outbox where to_user_id = $1`,
      [a.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toMatch(/set-new-password#token=[A-Za-z0-9_-]+/);
    const [{ open } = { open: 0 }] = await q<{ open: number }>(
      `select count(*)::int as open from password_reset_tokens where user_id = $1 and used_at is null and expires_at > now()`,
      [a.id],
    );
    expect(open).toBe(1);
  });

  it('removes a role from those who hold it, and signs people out everywhere', async () => {
    const a = await person();
    const b = await person();
    await q(`insert into user_roles (user_id, role_key) values ($1, 'FACILITATOR')`, [a.id]);
    const selection = { mode: 'ids', ids: [a.id, b.id] };
    const noRole = await post('preview', { action: 'remove_role', selection });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json<{ detail: string }>().detail).toBe(SECURITY_TEXTS.roleRequired);
    const preview = (
      await post('preview', { action: 'remove_role', roleKey: 'FACILITATOR', selection })
    ).json<SecurityPreview>();
    expect(preview).toMatchObject({ affected: 1, skippedCount: 1 });
    const res = await post('run', {
      action: 'remove_role',
      roleKey: 'FACILITATOR',
      selection,
      expectedCount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const roles = await q<{ role_key: string }>(
      `select role_key from user_roles where user_id = $1 order by role_key`,
      [a.id],
    );
    expect(roles.map((r) => r.role_key)).toEqual(['STUDENT']);

    const session = await t.signIn(b.username);
    const out = await post('run', {
      action: 'revoke_sessions',
      selection: { mode: 'ids', ids: [b.id] },
      expectedCount: 1,
    });
    expect(out.statusCode, out.body).toBe(200);
    const current = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(current.statusCode).toBe(401);
  });
});
