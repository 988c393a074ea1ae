import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@lantern/contracts/audit-log';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const r of await t.database.query<{ username: string; jwl_id: number }>(
    `select username, jwl_id from users where username in ('admin', 'super_admin', 'coordinator', 'student', 'student_2')`,
  ))
    ids[r.username] = r.jwl_id;
  // A known set of rows: an admin's, an impersonated one, and one by a merged-away person.
  await t.database.query(
    `insert into audit_log (at, actor_id, impersonator_id, action, entity_type, entity_id, changes, ip) values
      ('2021-03-01T10:00:00Z', $1, null, 'testcase.create', 'testcase', '7', '{"name":{"from":null,"to":"A"}}', '10.0.0.1'),
      ('2021-03-02T10:00:00Z', $2, $3, 'testcase.update', 'testcase', '7', '{"name":{"from":"A","to":"=B"}}', '10.0.0.2'),
      ('2021-03-03T23:30:00Z', $4, null, 'testcase.update', 'testcase', '8', null, null)`,
    [ids.admin, ids.coordinator, ids.super_admin, ids.student_2],
  );
  await t.database.query(
    `update users set merged_into_id = $1, deleted_at = now() where jwl_id = $2`,
    [ids.student, ids.student_2],
  );
});
afterAll(async () => t.close());

const list = async (query: Record<string, string | number>, username = 'admin') => {
  const res = await t.app.inject({
    url: '/api/en/audit-log',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: await t.as(username),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};

describe('rights', () => {
  it('answers 403 naming the right to a user without it, on the list, the record kinds and the export', async () => {
    const headers = await t.as('view_only_user');
    for (const [url, right] of [
      ['/api/en/audit-log', 'AUDIT_LOG__DISPLAY'],
      ['/api/en/audit-log/entity-types', 'AUDIT_LOG__DISPLAY'],
      ['/api/en/audit-log/export/csv', 'AUDIT_LOG__EXPORT'],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: right });
    }
  });

  it('has no route that writes, edits or deletes audit rows', async () => {
    const auditRoutes = t.routes.filter((r) => r.url.includes('audit-log'));
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.filter((r) => !['GET', 'HEAD'].includes(r.method))).toEqual([]);
    const headers = await t.as('super_admin');
    const [{ id }] = (await t.database.query<{ id: number }>(
      `select id from audit_log order by id desc limit 1`,
    )) as [{ id: number }];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/en/audit-log', `/api/en/audit-log/${id}`]) {
        const res = await t.app.inject({ method, url, headers, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const [{ still }] = (await t.database.query<{ still: number }>(
      `select count(*)::int as still from audit_log where id = $1`,
      [id],
    )) as [{ still: number }];
    expect(still).toBe(1);
  });
});

describe('the list', () => {
  it('shows rows newest first, with the user, the impersonator and a merged-away user', async () => {
    const { items } = await list({ entityType: 'testcase' });
    expect(items.map((i) => i.entityId)).toEqual(['8', '7', '7']);
    const [merged, impersonated, created] = items;
    expect(merged?.actor).toMatchObject({ id: ids.student_2, mergedIntoId: ids.student });
    expect(impersonated?.actor).toMatchObject({ id: ids.coordinator, mergedIntoId: null });
    expect(impersonated?.impersonator?.id).toBe(ids.super_admin);
    expect(impersonated?.changes).toEqual({ name: { from: 'A', to: '=B' } });
    expect(created).toMatchObject({
      action: 'testcase.create',
      ip: '10.0.0.1',
      impersonator: null,
    });
    expect(created?.actor?.name).toBeTruthy();
  });

  it('filters by user (JWL-ID, merged-into JWL-ID, name), record, action and days', async () => {
    const only = async (query: Record<string, string | number>) =>
      (await list({ entityType: 'testcase', ...query })).items.map(
        (i) => `${i.action}${i.entityId ?? ''}`,
      );
    expect(await only({ user: ids.admin ?? 0 })).toEqual(['testcase.create7']);
    // The impersonator finds what they did on someone's behalf.
    expect(await only({ user: ids.super_admin ?? 0 })).toEqual(['testcase.update7']);
    // The kept person finds the rows of the one merged into them.
    expect(await only({ user: ids.student ?? 0 })).toEqual(['testcase.update8']);
    expect(await only({ user: 'coordinator' })).toEqual(['testcase.update7']);
    expect(await only({ entityId: '8' })).toEqual(['testcase.update8']);
    expect(await only({ action: 'testcase.cr' })).toEqual(['testcase.create7']);
    expect(await only({ from: '2021-03-02', to: '2021-03-02' })).toEqual(['testcase.update7']);
    // A day is a UTC day: 23:30 UTC on the 3rd is on the 3rd.
    expect(await only({ from: '2021-03-03' })).toEqual(['testcase.update8']);
    expect(await only({ to: '2021-03-01' })).toEqual(['testcase.create7']);
    expect(await only({ action: '%' })).toEqual([]);
  });

  it('pages by cursor, newest first', async () => {
    const first = await list({ entityType: 'testcase', limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.next).toBe(first.items[1]?.id);
    const second = await list({ entityType: 'testcase', limit: 2, before: first.next ?? 0 });
    expect(second.items.map((i) => i.action)).toEqual(['testcase.create']);
    expect(second.next).toBeNull();
  });

  it('refuses a day that is no date, and a page size above 100, with a 400', async () => {
    const headers = await t.as('admin');
    for (const query of ['from=2021-13-45', 'to=yesterday', 'limit=500', 'before=x']) {
      const res = await t.app.inject({ url: `/api/en/audit-log?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('lists the kinds of record on record', async () => {
    const res = await t.app.inject({
      url: '/api/en/audit-log/entity-types',
      headers: await t.as('admin'),
    });
    expect(res.json<string[]>()).toContain('testcase');
  });

  it('records the role changes of the authorisation pages', async () => {
    const headers = await t.as('admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/en/authorisation/roles',
      headers,
      payload: { key: 'AUDIT_TEST', label: 'Audit test', scope: 'own_records' },
    });
    const { items } = await list({ entityType: 'role', entityId: 'AUDIT_TEST' });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'role.create', actor: { id: ids.admin } });
  });
});

describe('the export', () => {
  it('streams the filtered rows as CSV, with the user, the impersonator and a merge tombstone', async () => {
    const res = await t.app.inject({
      url: '/api/en/audit-log/export/csv?entityType=testcase&entityId=7',
      headers: await t.as('admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"ID","When (UTC)","User","Impersonated by","Action","Record type","Record ID","Changes","IP address"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"2021-03-02T10:00:00.000Z"');
    expect(lines[1]).toContain(`(${ids.coordinator})`);
    expect(lines[1]).toContain(`(${ids.super_admin})`);
    expect(lines[2]).toContain('"testcase.create"');
    const merged = await t.app.inject({
      url: '/api/en/audit-log/export/csv?entityType=testcase&entityId=8',
      headers: await t.as('admin'),
    });
    expect(merged.body).toContain(`(${ids.student_2}) (merged into ${ids.student})`);
  });

  it('gives XLSX too', async () => {
    const res = await t.app.inject({
      url: '/api/en/audit-log/export/xlsx?entityType=testcase',
      headers: await t.as('admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
