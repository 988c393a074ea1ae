import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CleanupDryRun, CleanupRun } from '@lantern/contracts/data-checks';
import type { PersonPage } from '@lantern/contracts/people';
import { DEMO_PASSWORD } from '@lantern/db/seed';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const BASE = '/api/en/data-cleanup';
const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(user) });
const post = async (user: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.as(user), ...(payload ? { payload } : {}) });

const idOf = async (username: string) => {
  const [row] = await t.database.query<{ jwl_id: number }>(
    'select jwl_id from users where username = $1',
    [username],
  );
  return row?.jwl_id ?? 0;
};
const dryRun = async (kind: string, months = 24, user = 'admin') =>
  (await get(user, `${BASE}/dry-run?kind=${kind}&months=${months}`)).json<CleanupDryRun>();
const rolesOf = async (id: number) =>
  (
    await t.database.query<{ role_key: string }>(
      'select role_key from user_roles where user_id = $1 order by role_key',
      [id],
    )
  ).map((r) => r.role_key);
const signInStatus = async (username: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: DEMO_PASSWORD },
    })
  ).statusCode;

describe('rights', () => {
  it('answers 403 on every call without the DATA_CLEAN_UP rights', async () => {
    for (const user of ['view_only_user', 'coordinator']) {
      const calls = [
        await get(user, `${BASE}/runs`),
        await get(user, `${BASE}/dry-run?kind=without-role`),
        await post(user, BASE, { kind: 'without-role', months: 24, expectedCount: 0 }),
        await post(user, `${BASE}/1/restore`),
      ];
      expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403]);
    }
  });

  it('answers 400 with a clear sentence for a wrong kind or months', async () => {
    const res = await get('admin', `${BASE}/dry-run?kind=everyone&months=0`);
    expect(res.statusCode).toBe(400);
  });
});

describe('stale accounts', () => {
  it('removes what the dry run counted; they cannot sign in and leave lists; restore brings them back with their roles', async () => {
    // The demo student has not signed in for three years and left their programmes (someone
    // in a programme still going on is never found); so has a super admin, who stays.
    const student = await idOf('student');
    const superAdmin = await idOf('super_admin');
    const studentHeaders = await t.as('student');
    await t.database.query(
      `update enrolments set state = 'withdrawn', class_id = null where user_id = $1`,
      [student],
    );
    await t.database.query(
      `update users set created_at = now() - interval '5 years', last_sign_in_at = now() - interval '3 years'
       where jwl_id = any($1)`,
      [[student, superAdmin]],
    );
    const dry = await dryRun('stale-accounts');
    expect(dry.count).toBeGreaterThan(1);
    expect(dry.examples.length).toBe(Math.min(20, dry.count));
    const [found] = await t.database.query<{ ids: number[] }>(
      `select array_agg(jwl_id) as ids from users u where u.deleted_at is null
         and u.created_at < now() - interval '24 months'
         and (u.last_sign_in_at is null or u.last_sign_in_at < now() - interval '24 months')
         and u.system_role not in ('admin', 'superAdmin')`,
    );
    expect(found?.ids).toContain(student);
    expect(found?.ids).not.toContain(superAdmin);

    // A confirmation for another number asks for a new dry run, and removes nobody.
    const wrong = await post('admin', BASE, {
      kind: 'stale-accounts',
      months: 24,
      expectedCount: dry.count + 1,
    });
    expect(wrong.statusCode).toBe(409);
    expect((await dryRun('stale-accounts')).count).toBe(dry.count);

    const run = await post('admin', BASE, {
      kind: 'stale-accounts',
      months: 24,
      expectedCount: dry.count,
    });
    expect(run.statusCode).toBe(200);
    const { id, count } = run.json<{ id: number; count: number }>();
    expect(count).toBe(dry.count);
    const [removed] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where deleted_at is not null`,
    );
    expect(removed?.n).toBe(dry.count);
    expect(await rolesOf(student)).toEqual([]);
    expect(await rolesOf(superAdmin)).toContain('SUPER_ADMIN');
    const [record] = await t.database.query<{ user_ids: number[]; removed_roles: unknown[] }>(
      'select user_ids, removed_roles from data_cleanups where id = $1',
      [id],
    );
    expect(record?.user_ids).toHaveLength(dry.count);
    expect(record?.removed_roles).toContainEqual({ userId: student, roleKey: 'STUDENT' });

    // Signed out everywhere, cannot sign in, gone from the lists and the impersonation search.
    expect(await signInStatus('student')).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/general/current-user/sis',
      headers: studentHeaders,
    });
    expect(me.statusCode).toBe(401);
    const list = await get('admin', '/api/en/student?q=student&limit=100');
    expect(list.json<PersonPage>().items.map((i) => i.id)).not.toContain(student);
    const search = await post('super_admin', '/api/general/impersonators/student');
    expect(search.json<{ id: number }[]>().map((i) => i.id)).not.toContain(student);
    expect((await dryRun('stale-accounts')).count).toBe(0);

    // The run is listed; restore brings everyone back, with their roles.
    const runs = (await get('admin', `${BASE}/runs`)).json<{ items: CleanupRun[] }>();
    expect(runs.items[0]).toMatchObject({ id, kind: 'stale-accounts', months: 24, count });
    const restored = await post('admin', `${BASE}/${id}/restore`);
    expect(restored.json()).toEqual({ restored: count, skipped: 0 });
    expect(await rolesOf(student)).toEqual(['STUDENT']);
    expect(await signInStatus('student')).toBe(200);
    const back = await get('admin', '/api/en/student?q=student&limit=100');
    expect(back.json<PersonPage>().items.map((i) => i.id)).toContain(student);
    expect((await post('admin', `${BASE}/${id}/restore`)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string; n: number }>(
      `select action, count(*)::int as n from audit_log
       where action in ('user.removed', 'user.restored', 'data_cleanup.run', 'data_cleanup.restored')
       group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'data_cleanup.restored', n: 1 },
      { action: 'data_cleanup.run', n: 1 },
      { action: 'user.removed', n: count },
      { action: 'user.restored', n: count },
    ]);
    await t.database.query(
      `update users set created_at = now(), last_sign_in_at = now() where jwl_id = any($1)`,
      [[student, superAdmin]],
    );
  });
});

describe('users without any role', () => {
  it('never removes an admin or the signed-in user; a merged person is not restored', async () => {
    const admin = await idOf('admin');
    const roleless = await idOf('dq.no.clc');
    const adminRoles = await rolesOf(admin);
    // The admin without a role row is still an admin by system role: kept.
    await t.database.query('delete from user_roles where user_id = any($1)', [[admin, roleless]]);
    // Signed in as the super admin: the admin, without roles now, could not call this.
    const dry = await dryRun('without-role', 24, 'super_admin');
    expect(dry.examples.map((e) => e.id)).toContain(roleless);
    expect(dry.examples.map((e) => e.id)).not.toContain(admin);
    const run = await post('super_admin', BASE, {
      kind: 'without-role',
      months: 24,
      expectedCount: dry.count,
    });
    expect(run.statusCode).toBe(200);
    const { id } = run.json<{ id: number }>();
    const [gone] = await t.database.query<{ deleted: boolean }>(
      'select deleted_at is not null as deleted from users where jwl_id = $1',
      [admin],
    );
    expect(gone?.deleted).toBe(false);
    // Merged into someone else meanwhile: the restore leaves that one removed.
    await t.database.query('update users set merged_into_id = $1 where jwl_id = $2', [
      admin,
      roleless,
    ]);
    const restored = await post('super_admin', `${BASE}/${id}/restore`);
    expect(restored.json()).toEqual({ restored: dry.count - 1, skipped: 1 });
    for (const role of adminRoles)
      await t.database.query('insert into user_roles (user_id, role_key) values ($1, $2)', [
        admin,
        role,
      ]);
  });
});

describe('applicants never processed', () => {
  it('finds students whose only involvement is an old application', async () => {
    const [programme] = await t.database.query<{ id: number }>(
      'select id from programmes order by id limit 1',
    );
    const [old, active] = await t.database.query<{ jwl_id: number }>(
      `select u.jwl_id from users u join user_roles ur on ur.user_id = u.jwl_id and ur.role_key = 'STUDENT'
       where u.username like '%.%' and not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
         and not exists (select 1 from user_roles o where o.user_id = u.jwl_id and o.role_key <> 'STUDENT')
       order by u.jwl_id limit 2`,
    );
    await t.database.query(
      `insert into enrolments (programme_id, user_id, state, created_at)
       values ($1, $2, 'applied', now() - interval '30 months'),
              ($1, $3, 'active', now() - interval '30 months')`,
      [programme?.id, old?.jwl_id, active?.jwl_id],
    );
    const dry = await dryRun('unprocessed-applicants');
    const ids = dry.examples.map((e) => e.id);
    expect(ids).toContain(old?.jwl_id);
    expect(ids).not.toContain(active?.jwl_id);
    const run = await post('admin', BASE, {
      kind: 'unprocessed-applicants',
      months: 24,
      expectedCount: dry.count,
    });
    expect(run.json<{ count: number }>().count).toBe(dry.count);
    // The programme's applicants list no longer shows them; their enrolment row stays.
    const students = await get(
      'admin',
      `/api/en/programme/professional-certificate/${programme?.id}/students?limit=100`,
    );
    expect(students.statusCode).toBe(200);
    expect(
      students.json<{ items: { student: { id: number } }[] }>().items.map((i) => i.student.id),
    ).not.toContain(old?.jwl_id);
    const [kept] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from enrolments where user_id = $1',
      [old?.jwl_id],
    );
    expect(kept?.n).toBe(1);
  });
});

describe('people in a programme still going on', () => {
  it('are never found by any finder; the dry run says how many were kept and why', async () => {
    // On the demo data: an active student of a running programme who never signed in (students
    // never sign in to the sis), a facilitator teaching a class of it, and someone with neither.
    const [active] = await t.database.query<{ id: number }>(
      `select e.user_id as id from enrolments e
       join programmes p on p.id = e.programme_id join users u on u.jwl_id = e.user_id
       where e.state = 'active' and p.status = 'running' and u.deleted_at is null
         and not exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key <> 'STUDENT')
       order by e.user_id limit 1`,
    );
    const [teacher] = await t.database.query<{ id: number }>(
      `select cs.user_id as id from class_staff cs join classes c on c.id = cs.class_id
       join programmes p on p.id = c.programme_id join users u on u.jwl_id = cs.user_id
       where p.status = 'running' and u.deleted_at is null and u.system_role = 'user'
         and not exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key in ('ADMIN', 'SUPER_ADMIN'))
       order by cs.user_id limit 1`,
    );
    const [idle] = await t.database.query<{ id: number }>(
      `insert into users (username, first_name, last_name) values ('idle.person', 'Idle', 'Person')
       returning jwl_id as id`,
    );
    const ids = [active?.id, teacher?.id, idle?.id];
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    // The oldest accounts of all, so the first 20 examples would show them.
    await t.database.query(
      `update users set created_at = now() - interval '30 years', last_sign_in_at = null
       where jwl_id = any($1)`,
      [ids],
    );
    const dry = await dryRun('stale-accounts');
    const found = dry.examples.map((e) => e.id);
    expect(found).toContain(idle?.id);
    expect(found).not.toContain(active?.id);
    expect(found).not.toContain(teacher?.id);
    const byReason = Object.fromEntries(dry.spared.reasons.map((r) => [r.reason, r.count]));
    expect(byReason.enrolment).toBeGreaterThanOrEqual(1);
    expect(byReason.staff).toBeGreaterThanOrEqual(1);
    expect(dry.spared.total).toBeGreaterThanOrEqual(2);
    // The removal selects as the dry run does: the kept stay.
    const run = await post('admin', BASE, {
      kind: 'stale-accounts',
      months: 24,
      expectedCount: dry.count,
    });
    expect(run.statusCode, run.body).toBe(200);
    const removed = await t.database.query<{ id: number }>(
      'select jwl_id as id from users where jwl_id = any($1) and deleted_at is not null',
      [ids],
    );
    expect(removed.map((r) => r.id)).toEqual([idle?.id]);
    // The people without a role are counted the same way: the student and teacher without
    // their roles are still kept, by their programme.
    await t.database.query('delete from user_roles where user_id = any($1)', [
      [active?.id, teacher?.id],
    ]);
    const roleless = await dryRun('without-role');
    expect(roleless.examples.map((e) => e.id)).not.toContain(active?.id);
    expect(roleless.spared.total).toBeGreaterThanOrEqual(2);
  });
});

describe('the grant rule (0015)', () => {
  it('spares people whose roles the asker cannot grant, says so in the dry run, and removes the rest', async () => {
    // The operational manager given the cleanup rights; an old unused academic manager account
    // (a role it cannot grant) and an old unused facilitator (one it can).
    await t.database.query(
      `insert into role_rights (role_key, right_key)
       select 'OPERATIONAL_MANAGER', r from unnest(array['DATA_CLEAN_UP__DISPLAY', 'DATA_CLEAN_UP__EDIT']) r
       on conflict do nothing`,
    );
    const old = async (username: string, role: string) => {
      const [row] = await t.database.query<{ jwl_id: number }>(
        `insert into users (username, first_name, last_name, last_role_key, created_at)
         values ($1, 'Old', 'Account', $2, now() - interval '5 years') returning jwl_id`,
        [username, role],
      );
      const id = row?.jwl_id ?? 0;
      await t.database.query(`insert into user_roles (user_id, role_key) values ($1, $2)`, [
        id,
        role,
      ]);
      return id;
    };
    const manager = await old('old.academic.manager', 'ACADEMIC_MANAGER');
    const facilitator = await old('old.facilitator', 'FACILITATOR');
    const asAdmin = await dryRun('stale-accounts', 24, 'super_admin');
    const dry = await dryRun('stale-accounts', 24, 'operational_manager');
    const rights = dry.spared.reasons.find((r) => r.reason === 'rights')?.count ?? 0;
    expect(rights).toBeGreaterThanOrEqual(1);
    expect(dry.count).toBe(asAdmin.count - rights);
    expect(dry.examples.map((e) => e.id)).not.toContain(manager);

    const run = await post('operational_manager', BASE, {
      kind: 'stale-accounts',
      months: 24,
      expectedCount: dry.count,
    });
    expect(run.statusCode, run.body).toBe(200);
    const gone = await t.database.query<{ jwl_id: number; deleted: boolean }>(
      'select jwl_id, deleted_at is not null as deleted from users where jwl_id = any($1)',
      [[manager, facilitator]],
    );
    expect(Object.fromEntries(gone.map((g) => [g.jwl_id, g.deleted]))).toEqual({
      [manager]: false,
      [facilitator]: true,
    });
  });
});
