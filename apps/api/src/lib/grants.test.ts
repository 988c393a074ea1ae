import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@lantern/contracts/people';
import { buildTestApp, userFormBody, type TestApp } from '../../test/helpers';

/*
 * The privilege-escalation holes of issue 14 (points 1–4), each tried on the demo data as it
 * was reproduced; decision 0015 holds the rule.
 */

let t: TestApp;
let kak = 0;
beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await t.database.query<{ id: number }>(`select id from clcs where code = 'KAK'`);
  kak = row?.id ?? 0;
});
afterAll(async () => t.close());

const idOf = async (username: string) => {
  const [row] = await t.database.query<{ jwl_id: number }>(
    `select jwl_id from users where username = $1`,
    [username],
  );
  if (!row) throw new Error(`no user ${username}`);
  return row.jwl_id;
};
const rolesOf = async (username: string) =>
  (
    await t.database.query<{ role_key: string }>(
      `select role_key from user_roles ur join users u on u.jwl_id = ur.user_id
        where u.username = $1 order by role_key`,
      [username],
    )
  ).map((r) => r.role_key);
const userRow = async (username: string) => {
  const [row] = await t.database.query<{ status: string; email: string | null; version: number }>(
    `select status, email, version from users where username = $1`,
    [username],
  );
  return row;
};

/** The user form as the web sends it: the record as read, with some fields changed. */
async function saveUser(
  actor: string,
  username: string,
  change: Partial<{ roles: string[]; status: string; email: string; systemRole: string }>,
) {
  const id = await idOf(username);
  return t.app.inject({
    method: 'PUT',
    url: `/api/en/user/${id}`,
    headers: await t.as(actor),
    payload: await userFormBody(t.database, id, change),
  });
}

const newUser = (username: string, roles: string[]) => ({
  username,
  firstName: 'New',
  lastName: 'Person',
  clcIds: [kak],
  roles,
  systemRole: 'user',
  status: 'active',
});

describe('point 1: granting what you do not hold', () => {
  it('refuses the operational manager adding ADMIN to their own account', async () => {
    const res = await saveUser('operational_manager', 'operational_manager', {
      roles: ['OPERATIONAL_MANAGER', 'ADMIN'],
    });
    expect(res.statusCode).toBe(403);
    const body = res.json<{ code: string; detail: string }>();
    expect(body.code).toBe('ROLE_GRANT_DENIED');
    expect(body.detail).toBe(
      'You cannot grant or remove the role Admin: it holds rights you do not have.',
    );
    expect(await rolesOf('operational_manager')).toEqual(['OPERATIONAL_MANAGER']);
  });

  it('refuses the operational manager creating an admin, and lets them create what they may grant', async () => {
    const headers = await t.as('operational_manager');
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/en/user',
      headers,
      payload: newUser('om.made.admin', ['ADMIN']),
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ code: string }>().code).toBe('ROLE_GRANT_DENIED');
    expect(await t.database.query(`select 1 from users where username = 'om.made.admin'`)).toEqual(
      [],
    );
    // Every right of the Operational Manager role, and Facilitator by the grant table.
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/en/user',
      headers,
      payload: newUser('om.made.facilitator', ['OPERATIONAL_MANAGER', 'FACILITATOR']),
    });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses the operational manager locking an admin or changing their e-mail', async () => {
    const lock = await saveUser('operational_manager', 'admin', { status: 'locked' });
    expect(lock.statusCode).toBe(403);
    const email = await saveUser('operational_manager', 'admin', { email: 'evil@example.org' });
    expect(email.statusCode).toBe(403);
    expect(await userRow('admin')).toMatchObject({
      status: 'active',
      email: 'admin@demo.lantern.example',
    });
  });

  it('lets holders of the lead-role rights make lead facilitators and lead faculty (the grant table), still not admins', async () => {
    const lead = (username: string) => ({
      username,
      firstName: 'Lead',
      lastName: 'Person',
      clcIds: [kak],
    });
    const om = await t.as('operational_manager');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/en/lead-facilitator',
      headers: om,
      payload: { ...lead('om.made.lead'), employeeType: 'online_facilitator' },
    });
    expect(made.statusCode).toBe(200);
    expect(await rolesOf('om.made.lead')).toEqual(['LEAD_FACILITATOR']);
    const am = await t.as('academic_manager');
    const faculty = await t.app.inject({
      method: 'POST',
      url: '/api/en/lead-faculty',
      headers: am,
      payload: lead('am.made.lead.faculty'),
    });
    expect(faculty.statusCode).toBe(200);
    expect(await rolesOf('am.made.lead.faculty')).toEqual(['LEAD_FACULTY']);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/en/user',
      headers: om,
      payload: newUser('om.made.admin.again', ['ADMIN']),
    });
    expect(admin.statusCode).toBe(403);
  });

  it('tells the user form which roles the asker may grant', async () => {
    const grantable = async (actor: string) =>
      (await t.app.inject({ url: '/api/en/roles/options', headers: await t.as(actor) }))
        .json<{ key: string; grantable: boolean }[]>()
        .filter((r) => r.grantable)
        .map((r) => r.key);
    const om = await grantable('operational_manager');
    expect(om).toEqual(expect.arrayContaining(['LEAD_FACILITATOR', 'FACILITATOR', 'COORDINATOR']));
    expect(om).not.toContain('ADMIN');
    expect(om).not.toContain('SUPER_ADMIN');
    expect(await grantable('admin')).not.toContain('SUPER_ADMIN');
    expect(await grantable('super_admin')).toContain('SUPER_ADMIN');
  });

  it('lets a coordinator make students (the grant table) but not re-mail a student who holds more', async () => {
    const headers = await t.as('coordinator');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: {
        username: 'coord.made.student',
        firstName: 'A',
        lastName: 'B',
        clcIds: [kak],
        birthDate: '2000-01-01',
      },
    });
    expect(made.statusCode).toBe(200);
    const student = made.json<{ record: Person }>().record;
    // Someone above made this student a lead faculty member too: the coordinator cannot grant that.
    await t.database.query(
      `insert into user_roles (user_id, role_key) values ($1, 'LEAD_FACULTY')`,
      [student.id],
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/en/student/${student.id}`,
      headers,
      payload: {
        version: student.version,
        data: {
          username: student.username,
          firstName: 'Renamed',
          lastName: 'B',
          email: 'mine@example.org',
          clcIds: [kak],
          birthDate: '2000-01-01',
        },
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/Lead Faculty/);
  });
});

describe('point 2: super admins touched from below', () => {
  it('refuses an admin and an operational manager demoting, locking or re-mailing the super admin', async () => {
    for (const actor of ['admin', 'operational_manager']) {
      expect((await saveUser(actor, 'super_admin', { roles: ['ADMIN'] })).statusCode).toBe(403);
      expect((await saveUser(actor, 'super_admin', { status: 'locked' })).statusCode).toBe(403);
      const email = await saveUser(actor, 'super_admin', { email: 'taken@example.org' });
      expect(email.statusCode).toBe(403);
      expect(email.json<{ detail: string }>().detail).toBe(
        'Only a super admin can change a super admin.',
      );
    }
    expect(await rolesOf('super_admin')).toEqual(['ADMIN', 'SUPER_ADMIN']);
    expect(await userRow('super_admin')).toMatchObject({
      status: 'active',
      email: 'super_admin@demo.lantern.example',
    });
  });

  it('lets the super admin save themselves unchanged', async () => {
    const res = await saveUser('super_admin', 'super_admin', {});
    expect(res.statusCode).toBe(200);
    expect(res.json<{ record: Person }>().record.roles).toEqual(['ADMIN', 'SUPER_ADMIN']);
  });

  it('lets the super admin save the demo super admin with the user form payload, unchanged', async () => {
    const headers = await t.as('super_admin');
    const id = await idOf('super_admin');
    const read = await t.app.inject({ url: `/api/en/user/${id}`, headers });
    expect(read.statusCode).toBe(200);
    const p = read.json<Person>();
    // What the web's user form sends for a record it loaded (staffFormValues, then the schema).
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/en/user/${id}`,
      headers,
      payload: {
        version: p.version,
        data: {
          username: p.username,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email ?? '',
          phone: p.phone ?? '',
          gender: p.gender,
          clcIds: p.clcs.map((c) => c.id),
          employeeType: p.employeeType,
          systemRole: p.systemRole,
          status: p.status,
          roles: p.roles,
        },
      },
    });
    expect(res.json()).toMatchObject({ record: { roles: ['ADMIN', 'SUPER_ADMIN'] } });
    expect(res.statusCode).toBe(200);
  });

  it('never demotes or locks the last active super admin, even by themselves', async () => {
    const demote = await saveUser('super_admin', 'super_admin', {
      roles: ['ADMIN'],
      systemRole: 'admin',
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json<{ code: string }>().code).toBe('LAST_SUPER_ADMIN');
    const lock = await saveUser('super_admin', 'super_admin', { status: 'locked' });
    expect(lock.statusCode).toBe(403);
    expect(await rolesOf('super_admin')).toEqual(['ADMIN', 'SUPER_ADMIN']);
    expect((await userRow('super_admin'))?.status).toBe('active');
  });

  it('lets a super admin demote another super admin while one remains', async () => {
    const headers = await t.as('super_admin');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/en/user',
      headers,
      payload: { ...newUser('second.super', ['SUPER_ADMIN']), systemRole: 'superAdmin' },
    });
    expect(made.statusCode).toBe(200);
    const demoted = await saveUser('super_admin', 'second.super', {
      roles: ['ADMIN'],
      systemRole: 'admin',
    });
    expect(demoted.statusCode).toBe(200);
    expect(await rolesOf('second.super')).toEqual(['ADMIN']);
  });
});

describe('point 4: self-granted impersonation', () => {
  const rightsOf = async (role: string) =>
    (
      await t.database.query<{ right_key: string }>(
        `select right_key from role_rights where role_key = $1`,
        [role],
      )
    ).map((r) => r.right_key);
  const setRights = async (actor: string, role: string, rights: string[]) => {
    const [row] = await t.database.query<{ version: number }>(
      `select version from roles where key = $1`,
      [role],
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/en/authorisation/roles/${role}/rights`,
      headers: await t.as(actor),
      payload: { version: row?.version, rights },
    });
  };
  const canImpersonate = async (username: string) =>
    (
      await t.app.inject({
        url: '/api/general/current-user/sis',
        headers: await t.as(username),
      })
    ).json<{ user: { canImpersonate: boolean } }>().user.canImpersonate;

  it('refuses an admin adding USER__IMPERSONATE to their own role', async () => {
    const before = await rightsOf('ADMIN');
    const res = await setRights('admin', 'ADMIN', [...before, 'USER__IMPERSONATE']);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string; detail: string }>()).toEqual(
      expect.objectContaining({ code: 'RIGHT_GRANT_DENIED' }),
    );
    expect(await rightsOf('ADMIN')).not.toContain('USER__IMPERSONATE');
    expect(await canImpersonate('admin')).toBe(false);
  });

  it('refuses an admin giving a role an authorisation right, even one they hold', async () => {
    const before = await rightsOf('COORDINATOR');
    const res = await setRights('admin', 'COORDINATOR', [...before, 'ROLE_TO_RIGHT__EDIT']);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toBe(
      'Only a super admin can give a role these rights: Role to right: edit.',
    );
    // A right the admin holds and that reaches no one's account is theirs to give.
    const fine = await setRights('admin', 'COORDINATOR', [...before, 'CLC__EDIT']);
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a role editor giving a right they lack', async () => {
    await t.database.query(
      `insert into role_rights (role_key, right_key) values ('OPERATIONAL_MANAGER', 'ROLE_TO_RIGHT__EDIT')`,
    );
    const before = await rightsOf('COORDINATOR');
    const res = await setRights('operational_manager', 'COORDINATOR', [
      ...before,
      'CERTIFICATE__CREATE',
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toBe(
      'You cannot give a role rights you do not hold: Certificate: create.',
    );
    await t.database.query(
      `delete from role_rights where role_key = 'OPERATIONAL_MANAGER' and right_key = 'ROLE_TO_RIGHT__EDIT'`,
    );
  });

  it('lets a super admin give impersonation, and a super admin impersonates in any role', async () => {
    const headers = await t.as('super_admin');
    const roles = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers,
      payload: { roles: ['ADMIN'] },
    });
    expect(roles.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/general/current-user/sis', headers });
    expect(me.json<{ user: { activeRole: string; canImpersonate: boolean } }>().user).toEqual(
      expect.objectContaining({ activeRole: 'ADMIN', canImpersonate: true }),
    );
    // Back to the Super Admin role, which holds every right, to give one.
    await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers,
      payload: { roles: ['SUPER_ADMIN'] },
    });
    const res = await setRights('super_admin', 'ADMIN', [
      ...(await rightsOf('ADMIN')),
      'USER__IMPERSONATE',
    ]);
    expect(res.statusCode).toBe(200);
    expect(await canImpersonate('admin')).toBe(true);
  });
});

describe('point 3: account takeover through the data checker', () => {
  const CHECKER = '/api/en/user-data-checker';
  const patch = async (actor: string, username: string, field: string, value: string) => {
    const id = await idOf(username);
    const row = await userRow(username);
    return t.app.inject({
      method: 'PATCH',
      url: `${CHECKER}/people/${id}`,
      headers: await t.as(actor),
      payload: { version: row?.version, field, value },
    });
  };

  it('refuses writing the e-mail or username of a super admin or an admin from below', async () => {
    const takeover = await patch('operational_manager', 'super_admin', 'email', 'evil@example.org');
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json<{ code: string }>().code).toBe('ROLE_GRANT_DENIED');
    expect((await patch('admin', 'super_admin', 'username', 'samira.h')).statusCode).toBe(403);
    const admin = await patch('operational_manager', 'admin', 'email', 'evil@example.org');
    expect(admin.statusCode).toBe(403);
    expect((await userRow('super_admin'))?.email).toBe('super_admin@demo.lantern.example');
    expect((await userRow('admin'))?.email).toBe('admin@demo.lantern.example');
    // A person whose roles the fixer may grant is fixed as before.
    expect(
      (await patch('operational_manager', 'facilitator', 'email', 'p.lual@example.org')).statusCode,
    ).toBe(200);
  });

  it('leaves out of a fix-all the people the fixer may not change', async () => {
    await t.database.query(
      `update users set email = ' super_admin@demo.lantern.example', version = version + 1 where username = 'super_admin'`,
    );
    const preview = (
      await t.app.inject({
        method: 'POST',
        url: `${CHECKER}/data-with-spaces/preview`,
        headers: await t.as('operational_manager'),
      })
    ).json<{ changes: { id: number }[] }>();
    const superAdmin = await idOf('super_admin');
    expect(preview.changes.map((c) => c.id)).toContain(superAdmin);
    const res = await t.app.inject({
      method: 'POST',
      url: `${CHECKER}/data-with-spaces/fix`,
      headers: await t.as('operational_manager'),
      payload: { changes: preview.changes },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ skipped: { id: number; reason: string }[] }>().skipped).toContainEqual({
      id: superAdmin,
      reason: 'Only a super admin can change a super admin.',
    });
    expect((await userRow('super_admin'))?.email).toBe(' super_admin@demo.lantern.example');
    await t.database.query(
      `update users set email = 'super_admin@demo.lantern.example' where username = 'super_admin'`,
    );
  });
});

describe('point 1: security actions', () => {
  it('leaves out the people whose roles the actor cannot grant', async () => {
    // Someone gave the Operational Manager role the security actions.
    await t.database.query(
      `insert into role_rights (role_key, right_key) values ('OPERATIONAL_MANAGER', 'USER__SECURITY_ACCESS')`,
    );
    const admin = await idOf('admin');
    const facilitator = await idOf('facilitator_2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/security-actions/preview',
      headers: await t.as('operational_manager'),
      payload: { action: 'lock', selection: { mode: 'ids', ids: [admin, facilitator] } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ affected: number; skipped: { id: number; reason: string }[] }>();
    expect(body.affected).toBe(1);
    expect(body.skipped).toEqual([
      {
        id: admin,
        name: 'Daniel Okafor',
        reason:
          "You cannot change this person's username, e-mail, status, password or sign-ins: they hold the role Admin, which you cannot grant.",
      },
    ]);
    await t.database.query(
      `delete from role_rights where role_key = 'OPERATIONAL_MANAGER' and right_key = 'USER__SECURITY_ACCESS'`,
    );
  });
});

describe('point 8: PASSWORD_RESET__EDIT sends a reset link', () => {
  const send = async (actor: string, username: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/en/user/${await idOf(username)}/password-reset`,
      headers: await t.as(actor),
    });
  const links = async (username: string) =>
    (
      await t.database.query<{ n: number }>(
        `select count(*)::int as n from password_reset_tokens p join users u on u.jwl_id = p.user_id
          where u.username = $1`,
        [username],
      )
    )[0]?.n ?? 0;

  it('lets a coordinator send a student of their CLC a link', async () => {
    const res = await send('coordinator', 'student');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(
      'A link to set a new password was sent to student@demo.lantern.example.',
    );
    expect(await links('student')).toBe(1);
  });

  it('refuses a person out of reach, one whose roles the sender cannot grant, and a non-holder', async () => {
    expect((await send('coordinator', 'student_2')).statusCode).toBe(404);
    const admin = await send('operational_manager', 'admin');
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ code: string }>().code).toBe('ROLE_GRANT_DENIED');
    expect((await send('operational_manager', 'super_admin')).statusCode).toBe(403);
    const facilitator = await send('facilitator', 'student');
    expect(facilitator.json<{ code: string }>().code).toBe('MISSING_RIGHT');
    expect(await links('admin')).toBe(0);
    expect(await links('super_admin')).toBe(0);
  });
});
