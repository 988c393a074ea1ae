import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@lantern/contracts/communication';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let clcIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const clcs = await t.database.query<{ id: number; code: string }>(`select id, code from clcs`);
  clcIds = Object.fromEntries(clcs.map((c) => [c.code, c.id]));
});
afterAll(async () => t.close());

async function publish(audience: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/en/announcements',
    headers: admin,
    payload: { title: 'Notice', body: 'Text of the notice', audience, publish: true, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.announcementDelivery.idle();
  return res.json<Announcement>();
}

/** Who holds a notification of the announcement, as the SQL of the audience says by hand. */
const recipients = async (id: number) =>
  (
    await t.database.query<{ user_id: number }>(
      `select user_id from notifications where announcement_id = $1 order by user_id`,
      [id],
    )
  ).map((r) => r.user_id);

const usersWhere = async (where: string, params: unknown[] = []) =>
  (
    await t.database.query<{ jwl_id: number }>(
      `select u.jwl_id from users u where u.status = 'active' and ${where} order by u.jwl_id`,
      params,
    )
  ).map((r) => r.jwl_id);

describe('announcement audiences', () => {
  it('one CLC reaches exactly its members', async () => {
    const a = await publish({ clcIds: [clcIds.KAK] });
    const expected = await usersWhere(
      `exists (select 1 from user_clcs c where c.user_id = u.jwl_id and c.clc_id = $1)`,
      [clcIds.KAK],
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(await recipients(a.id)).toEqual(expected);
  });

  it('roles and a CLC narrow each other', async () => {
    const a = await publish({ roles: ['STUDENT'], clcIds: [clcIds.AMM] });
    const expected = await usersWhere(
      `exists (select 1 from user_clcs c where c.user_id = u.jwl_id and c.clc_id = $1)
       and exists (select 1 from user_roles r where r.user_id = u.jwl_id and r.role_key = 'STUDENT')`,
      [clcIds.AMM],
    );
    const got = await recipients(a.id);
    expect(got).toEqual(expected);
    const [student2] = await usersWhere(`u.username = 'student_2'`);
    const [student] = await usersWhere(`u.username = 'student'`);
    expect(got).toContain(student2);
    expect(got).not.toContain(student);
  });

  it('a programme reaches its enrolled people who have not left', async () => {
    const [programme] = await t.database.query<{ id: number }>(
      `select programme_id as id from enrolments group by programme_id order by count(*) desc limit 1`,
    );
    const a = await publish({ programmeIds: [programme?.id] });
    const expected = await usersWhere(
      `exists (select 1 from enrolments e where e.user_id = u.jwl_id and e.programme_id = $1
               and e.state not in ('declined', 'withdrawn'))`,
      [programme?.id],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await recipients(a.id)).toEqual(expected);
  });

  it('everyone reaches every active user, and the list shows its reach', async () => {
    const a = await publish({ everyone: true });
    expect(await recipients(a.id)).toEqual(await usersWhere('true'));
    const res = await t.app.inject({ url: `/api/en/announcements/${a.id}`, headers: admin });
    const shown = res.json<Announcement>();
    expect(shown.received).toBe((await usersWhere('true')).length);
    expect(shown.read).toBe(0);
    expect(shown.deliveredAt).not.toBeNull();
  });

  it('refuses an audience of nobody, and unknown entries', async () => {
    for (const audience of [{}, { roles: ['NO_SUCH_ROLE'] }, { clcIds: [999_999] }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/en/announcements',
        headers: admin,
        payload: { title: 'x', body: 'y', audience },
      });
      expect(res.statusCode, JSON.stringify(audience)).toBe(400);
    }
  });
});

describe('editing and withdrawing', () => {
  it('a draft reaches nobody until published; a later start waits', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/announcements',
      headers: admin,
      payload: { title: 'Draft', body: 'Not yet', audience: { clcIds: [clcIds.KAK] } },
    });
    const draft = res.json<Announcement>();
    expect(draft.status).toBe('draft');
    await t.deps.announcementDelivery.idle();
    expect(await recipients(draft.id)).toEqual([]);
    const later = await publish(
      { clcIds: [clcIds.KAK] },
      { publishFrom: new Date(Date.now() + 3_600_000).toISOString() },
    );
    expect(await recipients(later.id)).toEqual([]);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/en/announcements/${draft.id}/publish`,
      headers: admin,
      payload: { version: draft.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    await t.deps.announcementDelivery.idle();
    expect((await recipients(draft.id)).length).toBeGreaterThan(0);
  });

  it('an edit of the audience removes unread notifications of those left out, keeps read ones', async () => {
    const a = await publish({ clcIds: [clcIds.KAK, clcIds.AMM] });
    const [student] = await usersWhere(`u.username = 'student'`);
    const [student2] = await usersWhere(`u.username = 'student_2'`);
    const student2Headers = await t.as('student_2');
    const studentHeaders = await t.as('student');
    // student_2 reads it; then the audience shrinks to KAK.
    await t.app.inject({
      method: 'POST',
      url: '/api/en/notifications/announcements/mark-read',
      headers: student2Headers,
      payload: { announcementIds: [a.id] },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/en/announcements/${a.id}`,
      headers: admin,
      payload: {
        title: 'Notice, changed',
        body: 'New text',
        priority: 'high',
        audience: { clcIds: [clcIds.KAK] },
        version: a.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.announcementDelivery.idle();
    const got = await recipients(a.id);
    expect(got).toContain(student);
    expect(got).toContain(student2);
    const seen = await t.app.inject({
      url: '/api/en/notifications/announcements?limit=100',
      headers: studentHeaders,
    });
    expect(
      seen.json<{ notifications: { title: string; priority: string }[] }>().notifications,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Notice, changed', priority: 'high' }),
      ]),
    );
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/en/announcements/${a.id}`,
      headers: admin,
      payload: { title: 'x', body: 'y', audience: { everyone: true }, version: a.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('withdrawing removes unread notifications at once and hides the read ones', async () => {
    const a = await publish({ clcIds: [clcIds.AMM] });
    const student2Headers = await t.as('student_2');
    await t.app.inject({
      method: 'POST',
      url: '/api/en/notifications/announcements/mark-read',
      headers: student2Headers,
      payload: { announcementIds: [a.id] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/announcements/${a.id}/withdraw`,
      headers: admin,
      payload: { version: a.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Announcement>()).toMatchObject({ status: 'withdrawn', received: 1, read: 1 });
    const list = await t.app.inject({
      url: '/api/en/notifications/announcements?limit=100',
      headers: student2Headers,
    });
    expect(
      list
        .json<{ notifications: { announcementId: number }[] }>()
        .notifications.map((n) => n.announcementId),
    ).not.toContain(a.id);
  });
});

describe('rights', () => {
  it('a student may not list, write or publish announcements (403 with the right)', async () => {
    const student = await t.as('student');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/announcements',
      headers: student,
      payload: { title: 'x', body: 'y', audience: { everyone: true } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ missingRight: 'ANNOUNCEMENT__CREATE' });
  });

  it('a lead coordinator addresses only their own CLCs and sees only those', async () => {
    const lead = await t.as('lead_coordinator');
    const everyone = await t.app.inject({
      method: 'POST',
      url: '/api/en/announcements',
      headers: lead,
      payload: { title: 'x', body: 'y', audience: { everyone: true } },
    });
    expect(everyone.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/en/announcements',
      headers: lead,
      payload: { title: 'x', body: 'y', audience: { clcIds: [clcIds.AMM] } },
    });
    expect(other.statusCode).toBe(400);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/en/announcements',
      headers: lead,
      payload: { title: 'Own', body: 'y', audience: { clcIds: [clcIds.KAK] } },
    });
    expect(own.statusCode, own.body).toBe(200);
    const list = await t.app.inject({ url: '/api/en/announcements?limit=100', headers: lead });
    const items = list.json<{ items: Announcement[] }>().items;
    expect(
      items.every(
        (i) => i.audience.clcIds.length > 0 && i.audience.clcIds.every((c) => c === clcIds.KAK),
      ),
    ).toBe(true);
  });
});
