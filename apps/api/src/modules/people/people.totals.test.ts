import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/*
 * A list's total is counted once while people stay as they are (migration 0011's change
 * counter, lib/totals.ts), and follows any change at once: a write through the API, a write
 * by hand in SQL, a change of role or CLC.
 */

let t: TestApp;
let kak = 0;
beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await t.database.query<{ id: number }>(`select id from clcs where code = 'KAK'`);
  kak = row?.id ?? 0;
});
afterAll(async () => t.close());

const total = async (url = '/api/en/student') =>
  (await t.app.inject({ url, headers: await t.as('admin') })).json<{ total: number }>().total;

describe('people list totals', () => {
  it('reuses a total while nothing changed and counts again after any change', async () => {
    const first = await total();
    expect(first).toBeGreaterThan(0);

    // A student slipped in without moving the counter (triggers off for this one write): the
    // kept total shows that it is reused, not counted again.
    await t.database.exec(`
      alter table users disable trigger users_people_changed_rows;
      alter table user_roles disable trigger user_roles_people_changed;`);
    try {
      await t.database.exec(`
        insert into users (username, first_name, last_name, last_role_key)
          values ('hidden.student', 'Hidden', 'Student', 'STUDENT');
        insert into user_roles (user_id, role_key)
          select jwl_id, 'STUDENT' from users where username = 'hidden.student';`);
    } finally {
      await t.database.exec(`
        alter table users enable trigger users_people_changed_rows;
        alter table user_roles enable trigger user_roles_people_changed;`);
    }
    const [hidden] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'hidden.student'`,
    );
    expect(await total()).toBe(first);

    // A student added through the API moves the counter: both new students are counted.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers: await t.as('admin'),
      payload: {
        username: 'counted.student',
        firstName: 'Counted',
        lastName: 'Student',
        clcIds: [kak],
        birthDate: '2001-02-03',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(await total()).toBe(first + 2);

    // A role taken away by hand in SQL moves it too.
    await t.database.query(`delete from user_roles where user_id = $1`, [hidden?.jwl_id]);
    expect(await total()).toBe(first + 1);

    // Each filter has its own total.
    const atKak = await total(`/api/en/student?clc=${String(kak)}`);
    await t.database.query(
      `delete from user_clcs where user_id = (select jwl_id from users where username = 'counted.student')`,
    );
    expect(await total(`/api/en/student?clc=${String(kak)}`)).toBe(atKak - 1);
    expect(await total()).toBe(first + 1);
  });

  it('does not move the counter on a sign-in', async () => {
    const [before] = await t.database.query<{ v: string }>(
      `select (last_value * 2 + is_called::int)::text as v from people_changes`,
    );
    await t.signIn('coordinator');
    const [after] = await t.database.query<{ v: string }>(
      `select (last_value * 2 + is_called::int)::text as v from people_changes`,
    );
    expect(after?.v).toBe(before?.v);
  });
});

describe('people list rows', () => {
  it('carry times as ISO text and roles and CLCs as lists, as the record does', async () => {
    const headers = await t.as('admin');
    await t.signIn('coordinator');
    const list = (
      await t.app.inject({ url: '/api/en/user?q=coordinator&sort=username', headers })
    ).json<{
      items: {
        id: number;
        username: string;
        roles: string[];
        clcs: string[];
        createdAt: string;
        lastSignInAt: string | null;
      }[];
    }>();
    const row = list.items.find((p) => p.username === 'coordinator');
    if (!row) throw new Error('the coordinator is not listed');
    const record = (await t.app.inject({ url: `/api/en/user/${String(row.id)}`, headers })).json<{
      roles: string[];
      createdAt: string;
      lastSignInAt: string | null;
    }>();
    expect(row.createdAt).toBe(record.createdAt);
    expect(row.lastSignInAt).toBe(record.lastSignInAt);
    expect(row.lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.roles).toEqual(record.roles);
    expect(row.clcs).toEqual(expect.arrayContaining([expect.any(String)]));
  });
});
