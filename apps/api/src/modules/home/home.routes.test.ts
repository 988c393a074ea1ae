import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema, type HomeSummary } from '@lantern/contracts/home';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const summary = async (username: string): Promise<HomeSummary> => {
  const res = await t.app.inject({ url: '/api/en/home/summary', headers: await t.as(username) });
  expect(res.statusCode).toBe(200);
  return homeSummarySchema.parse(res.json());
};
const count = (s: HomeSummary, key: string) => s.counts.find((c) => c.key === key)?.value;

/** Students holding the role, in every CLC or in one: the number the start page must show. */
const studentsIn = async (code?: string) => {
  const [row] = await t.database.query<{ n: number }>(
    `select count(distinct ur.user_id)::int as n from user_roles ur
       ${code ? 'join user_clcs uc on uc.user_id = ur.user_id join clcs c on c.id = uc.clc_id and c.code = $1' : ''}
      where ur.role_key = 'STUDENT'`,
    code ? [code] : [],
  );
  return row?.n ?? -1;
};

describe('GET /api/{locale}/home/summary', () => {
  it('counts the whole network for an admin', async () => {
    const s = await summary('admin');
    expect(s.greetingName).toBe('Daniel');
    expect(count(s, 'clcs')).toBe(7);
    expect(count(s, 'students')).toBe(await studentsIn());
    expect(await studentsIn()).toBeGreaterThan(await studentsIn('KAK'));
    expect(s.areas.map((a) => a.key)).toContain('mail-log');
  });

  it('follows the CLCs an admin of two CLCs narrowed to', async () => {
    await t.database.exec(
      `insert into user_clcs (user_id, clc_id) select u.jwl_id, c.id from users u, clcs c where u.username = 'admin' and c.code = 'DZA'`,
    );
    const headers = await t.as('admin');
    expect(
      count(
        homeSummarySchema.parse(
          (await t.app.inject({ url: '/api/en/home/summary', headers })).json(),
        ),
        'clcs',
      ),
    ).toBe(7);
    const [kak] = await t.database.query<{ id: number }>(`select id from clcs where code = 'KAK'`);
    await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/clcs',
      headers,
      payload: { clcIds: [kak?.id] },
    });
    const res = await t.app.inject({ url: '/api/en/home/summary', headers });
    const s = homeSummarySchema.parse(res.json());
    expect(count(s, 'clcs')).toBe(1);
    expect(count(s, 'students')).toBe(await studentsIn('KAK'));
  });

  it('counts only the coordinator’s own CLC', async () => {
    const s = await summary('coordinator');
    expect(count(s, 'clcs')).toBe(1);
    expect(count(s, 'students')).toBe(await studentsIn('KAK'));
    expect(await studentsIn('KAK')).toBeGreaterThan(0);
    expect(count(s, 'mails')).toBeUndefined();
  });

  it('shows a student no counts beyond their CLCs', async () => {
    const s = await summary('student');
    expect(s.counts.map((c) => c.key)).toEqual(['clcs']);
    expect(s.areas.map((a) => a.key)).toEqual(['profile']);
  });

  it('tells each kind of account what its start page is (issue 14)', async () => {
    expect((await summary('admin')).kind).toBe('sis');
    for (const username of ['faculty', 'teaching_assistant', 'facilitator'])
      expect((await summary(username)).kind, username).toBe('sis');
    expect((await summary('student')).kind).toBe('learner');
    expect((await summary('api_user')).kind).toBe('machine');
  });

  it('shows staff who see only their own classes how many they teach', async () => {
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from class_staff s join users u on u.jwl_id = s.user_id
       join classes c on c.id = s.class_id join programmes p on p.id = c.programme_id
       where u.username = 'teaching_assistant' and p.status not in ('finished', 'cancelled')`,
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(count(await summary('teaching_assistant'), 'ownClasses')).toBe(row?.n);
    expect(count(await summary('admin'), 'ownClasses')).toBeUndefined();
  });

  it('leads teachers from their classes count to their class list, and offers it as an area', async () => {
    for (const username of ['faculty', 'facilitator', 'teaching_assistant']) {
      const s = await summary(username);
      const own = s.counts.find((c) => c.key === 'ownClasses');
      expect(own?.path, username).toBe('class_root');
      expect(s.areas.find((a) => a.key === 'classes')?.path, username).toBe('class_root');
      expect(
        s.areas.map((a) => a.key),
        username,
      ).toContain('learning');
    }
    const admin = await summary('admin');
    expect(admin.areas.map((a) => a.key)).not.toContain('classes');
  });

  it('counts the hand-ins waiting for the teacher’s grade as the grading queue does', async () => {
    let some = 0;
    for (const username of ['faculty', 'facilitator', 'teaching_assistant']) {
      const classes = await t.app.inject({
        url: '/api/en/lms/classes?limit=100',
        headers: await t.as(username),
      });
      expect(classes.statusCode, classes.body).toBe(200);
      const queued = classes
        .json<{ items: { toGrade: number }[] }>()
        .items.reduce((sum, c) => sum + c.toGrade, 0);
      // Someone who grades nothing gets no such count at all.
      expect(count(await summary(username), 'toGrade') ?? 0, username).toBe(queued);
      some += queued;
    }
    expect(some).toBeGreaterThan(0);
  });

  it('says only what the role can do on an area card', async () => {
    const text = async (username: string) =>
      (await summary(username)).areas.find((a) => a.key === 'students')?.description;
    expect(await text('coordinator')).toMatch(/add and edit/);
    for (const username of ['view_only_user', 'faculty', 'facilitator', 'api_user'])
      expect(await text(username), username).not.toMatch(/add|edit/i);
  });

  it('describes every area card in a sentence of its own, not its title again', async () => {
    for (const username of ['super_admin', 'admin', 'coordinator']) {
      const echoes = (await summary(username)).areas
        .filter((a) => a.description === a.label)
        .map((a) => a.key);
      expect(echoes, username).toEqual([]);
    }
  });
});
