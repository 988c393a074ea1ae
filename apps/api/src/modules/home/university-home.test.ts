import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema, type HomeSummary } from '@lantern/contracts/home';
import { buildTestApp, clearBachelorDemo, type TestApp } from '../../../test/helpers';

let t: TestApp;
const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  await clearBachelorDemo(t);
});
afterAll(async () => t.close());

const summary = async (username: string): Promise<HomeSummary> => {
  const res = await t.app.inject({ url: '/api/en/home/summary', headers: await t.as(username) });
  expect(res.statusCode).toBe(200);
  return homeSummarySchema.parse(res.json());
};

describe('the university representative’s home', () => {
  it('lists the bachelor programmes with students and terms waiting for UNI', async () => {
    const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
    const id = p?.id ?? 0;
    const terms = await q<{ id: number }>(
      `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
       values ($1, 2026, 'sp', 'Spring 2026', '2026-02-01', 14),
              ($1, 2026, 'su', 'Summer 2026', '2026-06-01', 8),
              ($1, 2026, 'fa', 'Fall 2026', '2026-09-01', 14),
              ($1, 2025, 'fa', 'Fall 2025', '2025-09-01', 14) returning id`,
      [id],
    );
    const [sp, su, fa, fa25] = terms.map((x) => x.id);
    // Spring: basic and CLC approved, UNI not yet → waits for the university. Summer: basic,
    // CLC then UNI → done. Fall: only a stale CLC approval → not waiting. Fall 2025: CLC
    // approved without the basic approval → waits for the level below, not for the university.
    await q(
      `insert into ba_verifications (term_id, level, hash, grades, snapshot, approved_at, stale_at) values
        ($1, 'BASIC', 'a0', 1, '[]', now() - interval '3 days', null),
        ($1, 'CLC', 'a', 1, '[]', now() - interval '2 days', null),
        ($2, 'BASIC', 'b0', 1, '[]', now() - interval '3 days', null),
        ($2, 'CLC', 'b', 1, '[]', now() - interval '2 days', null),
        ($2, 'UNI', 'c', 1, '[]', now() - interval '1 day', null),
        ($3, 'CLC', 'd', 1, '[]', now() - interval '2 days', now()),
        ($4, 'CLC', 'e', 1, '[]', now() - interval '2 days', null)`,
      [sp, su, fa, fa25],
    );
    const [e] = await q<{ id: number }>(
      `select id from enrolments where programme_id = $1 and state = 'active' order by id limit 1`,
      [id],
    );
    await q(`insert into ba_export_statuses (enrolment_id, status) values ($1, 'graduated')`, [
      e?.id,
    ]);
    const [students] = await q<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1 and state in ('active', 'completed')`,
      [id],
    );

    const s = await summary('university_representative');
    expect(s.kind).toBe('sis');
    const bls = s.university?.find((x) => x.code === '512');
    expect(bls).toMatchObject({
      id,
      title: 'Bachelor of Liberal Studies',
      students: students?.n,
      waitingForUni: 1,
      waitingBelow: 1,
      graduated: 1,
    });
    expect(s.university?.map((x) => x.code)).toContain('524');
  });

  it('is absent for roles without GENERAL_UNIVERSITY__DISPLAY', async () => {
    expect((await summary('coordinator')).university).toBeUndefined();
  });

  it('follows the right, not the role: admins and view-only users hold it, until it is taken away', async () => {
    // Decision 0003 gives admins every right and view-only users every display right.
    expect((await summary('admin')).university?.map((x) => x.code)).toContain('512');
    expect((await summary('view_only_user')).university?.map((x) => x.code)).toContain('512');
    await q(
      `delete from role_rights where role_key = 'VIEW_ONLY_USER' and right_key = 'GENERAL_UNIVERSITY__DISPLAY'`,
    );
    expect((await summary('view_only_user')).university).toBeUndefined();
    // Given to a role that never had it, the block follows.
    await q(
      `insert into role_rights (role_key, right_key) values ('COORDINATOR', 'GENERAL_UNIVERSITY__DISPLAY')`,
    );
    expect((await summary('coordinator')).university).toBeDefined();
  });
});
