import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Authorisation, Role, RoleRightsSaved } from '@lantern/contracts/authorisation';
import type { BaseData } from '@lantern/contracts/current-user';
import { RIGHTS } from '@lantern/contracts/rights';
import { syncCatalogue } from '@lantern/db/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const BASE = '/api/en/authorisation';

async function roleOf(key: string): Promise<Role> {
  const res = await t.app.inject({ url: `${BASE}/roles`, headers: await t.as('admin') });
  const role = res.json<Authorisation>().roles.find((r) => r.key === key);
  if (!role) throw new Error(`no role ${key}`);
  return role;
}

async function setRights(key: string, rights: string[], version?: number) {
  return t.app.inject({
    method: 'PUT',
    url: `${BASE}/roles/${key}/rights`,
    headers: await t.as('admin'),
    payload: { version: version ?? (await roleOf(key)).version, rights },
  });
}

describe('rights on every call', () => {
  const calls = [
    { method: 'GET', url: BASE, right: 'AUTHORISATION__DISPLAY' },
    { method: 'GET', url: `${BASE}/roles`, right: 'ROLE__DISPLAY' },
    { method: 'GET', url: `${BASE}/rights`, right: 'RIGHT__DISPLAY' },
    { method: 'POST', url: `${BASE}/roles`, right: 'ROLE__CREATE' },
    { method: 'PUT', url: `${BASE}/roles/COORDINATOR`, right: 'ROLE__EDIT' },
    { method: 'PUT', url: `${BASE}/roles/COORDINATOR/rights`, right: 'ROLE_TO_RIGHT__EDIT' },
    { method: 'GET', url: `${BASE}/export/csv`, right: 'ROLE_TO_RIGHT__EXPORT' },
  ] as const;

  it('answers 403 naming the missing right to a user without it', async () => {
    for (const username of ['view_only_user', 'coordinator']) {
      const headers = await t.as(username);
      for (const call of calls) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers,
          payload: {},
        });
        expect(res.statusCode, `${username} ${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: call.right });
      }
    }
  });

  it('answers an admin on each read', async () => {
    const headers = await t.as('admin');
    for (const call of calls.filter((c) => c.method === 'GET')) {
      const res = await t.app.inject({ url: call.url, headers });
      expect(res.statusCode, call.url).toBe(200);
    }
  });
});

describe('the matrix', () => {
  it('holds every role with its users and rights, and the whole catalogue', async () => {
    const res = await t.app.inject({ url: BASE, headers: await t.as('admin') });
    const { roles, rights } = res.json<Authorisation>();
    expect(rights).toHaveLength(RIGHTS.length);
    expect(rights).toContainEqual({ key: 'STUDENT__EDIT', family: 'STUDENT', action: 'EDIT' });
    expect(roles.map((r) => r.key).slice(0, 2)).toEqual(['SUPER_ADMIN', 'ADMIN']);
    const superAdmin = roles.find((r) => r.key === 'SUPER_ADMIN');
    expect(superAdmin?.rights).toHaveLength(RIGHTS.length);
    const viewOnly = roles.find((r) => r.key === 'VIEW_ONLY_USER');
    expect(viewOnly?.rights).not.toContain('AUTHORISATION__DISPLAY');
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from user_roles ur join users u on u.jwl_id = ur.user_id
       where ur.role_key = 'COORDINATOR' and u.deleted_at is null`,
    )) as [{ n: number }];
    expect(roles.find((r) => r.key === 'COORDINATOR')?.userCount).toBe(n);
    expect(n).toBeGreaterThan(0);
  });
});

describe('changing the rights of a role', () => {
  it('takes effect at the next request of a user of that role, and is audited', async () => {
    const coordinator = await t.as('coordinator');
    const currentUser = async () =>
      (
        await t.app.inject({ url: '/api/general/current-user/sis', headers: coordinator })
      ).json<BaseData>();
    const mailLog = async () =>
      (await t.app.inject({ url: '/api/en/mail-log', headers: coordinator })).statusCode;

    expect((await currentUser()).user.applicationRights).not.toContain('MAIL_LOG__DISPLAY');
    expect(await mailLog()).toBe(403);

    const before = await roleOf('COORDINATOR');
    const res = await setRights('COORDINATOR', [...before.rights, 'MAIL_LOG__DISPLAY']);
    expect(res.statusCode).toBe(200);
    const saved = res.json<RoleRightsSaved>();
    expect(saved).toMatchObject({ added: ['MAIL_LOG__DISPLAY'], removed: [] });
    expect(saved.affectedUsers).toBe(before.userCount);
    expect(saved.role.version).toBe(before.version + 1);

    // The same token, the next request: the new right is there.
    const after = await currentUser();
    expect(after.user.applicationRights).toContain('MAIL_LOG__DISPLAY');
    expect(JSON.stringify(after.menu)).toContain('mail-log');
    expect(await mailLog()).toBe(200);

    const [row] = await t.database.query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from audit_log where entity_type = 'role' and entity_id = 'COORDINATOR'
       order by id desc limit 1`,
    );
    expect(row?.action).toBe('role.rights');
    expect(row?.changes).toMatchObject({
      added: ['MAIL_LOG__DISPLAY'],
      removed: [],
      before: before.rights,
      affectedUsers: before.userCount,
    });
    expect(row?.changes.after).toContain('MAIL_LOG__DISPLAY');

    // Taken away again: gone at the next request.
    expect((await setRights('COORDINATOR', before.rights)).json()).toMatchObject({
      added: [],
      removed: ['MAIL_LOG__DISPLAY'],
    });
    expect((await currentUser()).user.applicationRights).not.toContain('MAIL_LOG__DISPLAY');
    expect(await mailLog()).toBe(403);
  });

  it('refuses a stale version, an unknown right, an unknown role, and a Super Admin without all rights', async () => {
    const role = await roleOf('FACULTY');
    const stale = await setRights('FACULTY', role.rights, role.version - 1 || 99);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });

    const unknown = await setRights('FACULTY', ['NOT__A_RIGHT']);
    expect(unknown.statusCode).toBe(400);

    const noRole = await setRights('NO_SUCH_ROLE', [], 1);
    expect(noRole.statusCode).toBe(404);

    const superAdmin = await roleOf('SUPER_ADMIN');
    const reduced = await setRights(
      'SUPER_ADMIN',
      superAdmin.rights.filter((r) => r !== 'AUTHORISATION__DISPLAY'),
    );
    expect(reduced.statusCode).toBe(400);
    expect(reduced.json<{ detail: string }>().detail).toMatch(/keeps every right/);
    expect((await roleOf('SUPER_ADMIN')).rights).toHaveLength(RIGHTS.length);
    expect((await roleOf('FACULTY')).version).toBe(role.version);
  });
});

describe('creating and relabelling roles', () => {
  const create = async (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/roles`,
      headers: await t.as('admin'),
      payload,
    });
  const relabel = async (key: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `${BASE}/roles/${key}`,
      headers: await t.as('admin'),
      payload,
    });

  it('creates a role with no rights, audited', async () => {
    const res = await create({ key: 'CLC_AUDITOR', label: 'CLC auditor', scope: 'own_clcs' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Role>()).toMatchObject({
      key: 'CLC_AUDITOR',
      label: 'CLC auditor',
      scope: 'own_clcs',
      isBuiltIn: false,
      version: 1,
      userCount: 0,
      rights: [],
    });
    const audited = await t.database.query(
      `select 1 from audit_log where action = 'role.create' and entity_id = 'CLC_AUDITOR'`,
    );
    expect(audited).toHaveLength(1);
  });

  it('refuses a duplicate key, a key not in upper snake case, a missing label and an unknown scope', async () => {
    const duplicate = await create({ key: 'COORDINATOR', label: 'Again', scope: 'own_clcs' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      fields: { key: 'A role with this key already exists' },
    });
    for (const key of ['clc_helper', 'CLC HELPER', '_CLC', 'CLC__HELPER', '1CLC', '']) {
      const bad = await create({ key, label: 'Helper', scope: 'own_clcs' });
      expect(bad.statusCode, key).toBe(400);
      expect(bad.json<{ fields?: Record<string, string> }>().fields?.key, key).toBeTruthy();
    }
    const noLabel = await create({ key: 'CLC_HELPER', label: ' ', scope: 'own_clcs' });
    expect(noLabel.json()).toMatchObject({ fields: { label: 'This field must be filled' } });
    const badScope = await create({ key: 'CLC_HELPER', label: 'Helper', scope: 'planet' });
    expect(badScope.json()).toMatchObject({ fields: { scope: 'Please select a valid option' } });
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from roles where key = 'CLC_HELPER'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('relabels a built-in role but never changes its key; refuses a stale version', async () => {
    const role = await roleOf('TEACHING_ASSISTANT');
    const res = await relabel('TEACHING_ASSISTANT', {
      version: role.version,
      label: 'Teaching assistant (online)',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Role>()).toMatchObject({
      key: 'TEACHING_ASSISTANT',
      label: 'Teaching assistant (online)',
      version: role.version + 1,
    });
    const rekey = await relabel('TEACHING_ASSISTANT', {
      version: role.version + 1,
      key: 'TUTOR',
      label: 'Tutor',
    });
    expect(rekey.statusCode).toBe(400);
    expect(rekey.json()).toMatchObject({
      fields: { key: 'The key of a built-in role never changes' },
    });
    const stale = await relabel('TEACHING_ASSISTANT', { version: role.version, label: 'Old' });
    expect(stale.statusCode).toBe(409);
    const [row] = await t.database.query<{ action: string; changes: unknown }>(
      `select action, changes from audit_log where entity_id = 'TEACHING_ASSISTANT' order by id desc limit 1`,
    );
    expect(row).toEqual({
      action: 'role.update',
      changes: {
        label: { from: role.label, to: 'Teaching assistant (online)' },
      },
    });
  });

  it('gives a created role a new key; its holders and rights follow', async () => {
    await create({ key: 'DATA_CLERK', label: 'Data clerk', scope: 'own_records' });
    await t.database.query(
      `insert into user_roles (user_id, role_key) select jwl_id, 'DATA_CLERK' from users where username = 'view_only_user'`,
    );
    const role = await roleOf('DATA_CLERK');
    await setRights('DATA_CLERK', ['STUDENT__DISPLAY'], role.version);
    const taken = await relabel('DATA_CLERK', {
      version: role.version + 1,
      key: 'COORDINATOR',
      label: 'Data clerk',
    });
    expect(taken.statusCode).toBe(409);
    const res = await relabel('DATA_CLERK', {
      version: role.version + 1,
      key: 'RECORDS_CLERK',
      label: 'Records clerk',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Role>()).toMatchObject({
      key: 'RECORDS_CLERK',
      label: 'Records clerk',
      userCount: 1,
      rights: ['STUDENT__DISPLAY'],
    });
  });
});

describe('export of the role-to-right map', () => {
  it('streams one CSV row per role and right it holds', async () => {
    const res = await t.app.inject({ url: `${BASE}/export/csv`, headers: await t.as('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('role-rights.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Role","Label","Scope","Built-in","Right","Family","Action"');
    expect(lines).toContain(
      '"SUPER_ADMIN","Super Admin","All CLCs","yes","USER__IMPERSONATE","USER","IMPERSONATE"',
    );
    expect(
      lines.filter((l) => l.startsWith('"ADMIN",')).some((l) => l.includes('IMPERSONATE')),
    ).toBe(false);
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from role_rights`,
    )) as [{ n: number }];
    expect(lines).toHaveLength(n + 1);
  });

  it('gives the same rows as XLSX', async () => {
    const res = await t.app.inject({ url: `${BASE}/export/xlsx`, headers: await t.as('admin') });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).value).toBe('Right');
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from role_rights`,
    )) as [{ n: number }];
    expect(sheet?.rowCount).toBe(n + 1);
  });
});

describe('the catalogue sync at start-up', () => {
  it('keeps what admins changed: a right taken away stays away, a relabel and a new role stay', async () => {
    const headers = await t.as('admin');
    const lead = await roleOf('LEAD_FACULTY');
    const taken = lead.rights[0] ?? '';
    await setRights(
      'LEAD_FACULTY',
      lead.rights.filter((r) => r !== taken),
      lead.version,
    );
    await t.app.inject({
      method: 'PUT',
      url: `${BASE}/roles/LEAD_FACULTY`,
      headers,
      payload: { version: lead.version + 1, label: 'Faculty lead' },
    });
    await t.app.inject({
      method: 'POST',
      url: `${BASE}/roles`,
      headers,
      payload: { key: 'SYNC_CHECK', label: 'Sync check', scope: 'own_records' },
    });
    expect(await syncCatalogue(t.database.db)).toEqual({ newRights: 0, newRoles: 0 });
    const after = await roleOf('LEAD_FACULTY');
    expect(after.rights).not.toContain(taken);
    expect(after.label).toBe('Faculty lead');
    expect((await roleOf('SYNC_CHECK')).rights).toEqual([]);
  });
});
