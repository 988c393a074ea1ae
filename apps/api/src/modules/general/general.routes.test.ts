import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSchema, type BaseData } from '@lantern/contracts/current-user';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const baseData = async (username: string, query = '') => {
  const res = await t.app.inject({
    url: `/api/general/current-user/sis${query}`,
    headers: await t.as(username),
  });
  return res;
};

describe('GET /api/general/current-user/{lms|sis}', () => {
  it('answers user, menu and basicSystemData in the contract shape', async () => {
    const res = await baseData('coordinator');
    expect(res.statusCode).toBe(200);
    const body = baseDataSchema.parse(res.json());
    const [row] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'coordinator'`,
    );
    expect(body.user.id).toBe(row?.jwl_id);
    expect(body.user.role).toBe('user');
    expect(body.user.applicationRoles).toEqual(['COORDINATOR']);
    expect(body.user.applicationRights).toContain('STUDENT__DISPLAY');
    expect(body.user.applicationRights).not.toContain('USER__IMPERSONATE');
    expect(body.user.canImpersonate).toBe(false);
    expect(body.user.impersonated).toBe(false);
    expect(body.user.clcs.map((c) => c.code)).toEqual(['KAK']);
    expect(body.basicSystemData).toMatchObject({
      version: '5.12.5',
      maxFileSize: '512mb',
      mode: 'sis',
      locale: 'en',
    });
    expect(body.basicSystemData.enumerations.employeeTypes?.map((o) => o.value)).toEqual([
      'online_facilitator',
      'online-onsite_facilitator',
      'onsite_facilitator',
      'onsite-online_facilitator',
    ]);
  });

  it('reports the system role and the impersonation right of a super admin', async () => {
    const body = (await baseData('super_admin')).json<BaseData>();
    expect(body.user.role).toBe('superAdmin');
    expect(body.user.canImpersonate).toBe(true);
    const admin = (await baseData('admin')).json<BaseData>();
    expect(admin.user.role).toBe('admin');
    expect(admin.user.canImpersonate).toBe(false);
  });

  it('builds the menu from the rights: the mail log only for who may read it', async () => {
    const ids = (menu: BaseData['menu']): string[] =>
      menu.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
    expect(ids((await baseData('admin')).json<BaseData>().menu)).toContain('mail-log');
    expect(ids((await baseData('coordinator')).json<BaseData>().menu)).not.toContain('mail-log');
    const student = (await baseData('student')).json<BaseData>();
    expect(student.user.applicationRights).not.toContain('GENERAL_SIS__DISPLAY');
    expect(ids(student.menu)).toEqual(['home']);
  });

  it('answers lms mode too and knows no other mode', async () => {
    const headers = await t.as('student');
    expect(
      (await t.app.inject({ url: '/api/general/current-user/lms', headers })).json<BaseData>()
        .basicSystemData.mode,
    ).toBe('lms');
    expect((await t.app.inject({ url: '/api/general/current-user/xyz', headers })).statusCode).toBe(
      404,
    );
  });

  it('reads rights fresh on every request, never from the token', async () => {
    const headers = await t.as('facilitator');
    const before = (
      await t.app.inject({ url: '/api/general/current-user/sis', headers })
    ).json<BaseData>();
    expect(before.user.applicationRights).not.toContain('MAIL_LOG__DISPLAY');
    await t.database.exec(
      `insert into role_rights (role_key, right_key) values ('FACILITATOR', 'MAIL_LOG__DISPLAY')`,
    );
    const after = (
      await t.app.inject({ url: '/api/general/current-user/sis', headers })
    ).json<BaseData>();
    expect(after.user.applicationRights).toContain('MAIL_LOG__DISPLAY');
    await t.database.exec(
      `delete from role_rights where role_key = 'FACILITATOR' and right_key = 'MAIL_LOG__DISPLAY'`,
    );
  });
});

describe('impersonation', () => {
  it('lets a holder of USER__IMPERSONATE act as another user, on record with both', async () => {
    const headers = await t.as('super_admin');
    const res = await t.app.inject({
      url: '/api/general/current-user/sis?_switch_user=student',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BaseData>();
    expect(body.user.username).toBe('student');
    expect(body.user.impersonated).toBe(true);
    expect(body.user.impersonatedBy?.username).toBe('super_admin');
    expect(body.user.applicationRoles).toEqual(['STUDENT']);
    const audit = await t.database.query<{ actor: string; impersonator: string }>(
      `select a.username as actor, i.username as impersonator from audit_log l
         join users a on a.jwl_id = l.actor_id join users i on i.jwl_id = l.impersonator_id
        where l.action = 'impersonation.request' order by l.id desc limit 1`,
    );
    expect(audit[0]).toEqual({ actor: 'student', impersonator: 'super_admin' });
  });

  it('refuses _switch_user for a user without the right', async () => {
    const res = await t.app.inject({
      url: '/api/general/current-user/sis?_switch_user=student',
      headers: await t.as('admin'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'IMPERSONATION_DENIED',
      missingRight: 'USER__IMPERSONATE',
    });
  });

  it('refuses a locked account as the target', async () => {
    await t.database.exec(`update users set status = 'locked' where username = 'view_only_user'`);
    const res = await t.app.inject({
      url: '/api/general/current-user/sis?_switch_user=view_only_user',
      headers: await t.as('super_admin'),
    });
    expect(res.statusCode).toBe(403);
    await t.database.exec(`update users set status = 'active' where username = 'view_only_user'`);
  });

  it('treats a long number in the search as text, not as an ID out of range', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/12345678901',
      headers: await t.as('super_admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a super admin as the target, and an unknown user', async () => {
    const headers = await t.as('super_admin');
    await t.database.exec(
      `update users set system_role = 'superAdmin' where username = 'operational_manager'`,
    );
    const target = await t.app.inject({
      url: '/api/general/current-user/sis?_switch_user=operational_manager',
      headers,
    });
    expect(target.statusCode).toBe(403);
    await t.database.exec(
      `update users set system_role = 'user' where username = 'operational_manager'`,
    );
    expect(
      (
        await t.app.inject({
          url: '/api/general/current-user/sis?_switch_user=nobody_here',
          headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes _switch_user off the input before validation', async () => {
    const headers = await t.as('super_admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles?_switch_user=lead_coordinator',
      headers,
      payload: { roles: ['COORDINATOR'], _switch_user: 'lead_coordinator' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets a system-role super admin acting as Admin search and switch, as canImpersonate says, and refuses an admin', async () => {
    const headers = await t.as('super_admin');
    const picked = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ roles: JSON.stringify(['ADMIN']) }).toString(),
    });
    expect(picked.statusCode).toBeLessThan(300);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/coord',
      headers,
    });
    expect(search.statusCode).toBe(200);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/coord',
      headers: await t.as('admin'),
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ missingRight?: string }>().missingRight).toBe('USER__IMPERSONATE');
  });

  it('searches users to act as after more than 3 characters, never super admins', async () => {
    const headers = await t.as('super_admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/coord',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ username: string }[]>().map((u) => u.username);
    expect(names).toEqual(
      expect.arrayContaining(['coordinator', 'coordinator_2', 'lead_coordinator']),
    );
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/abc',
      headers,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ detail: string }>().detail).toContain('4 letters required');
    const admins = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/super',
      headers,
    });
    expect(admins.json<unknown[]>()).toEqual([]);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/general/impersonators/coord',
      headers: await t.as('admin'),
    });
    expect(denied.statusCode).toBe(403);
  });
});
