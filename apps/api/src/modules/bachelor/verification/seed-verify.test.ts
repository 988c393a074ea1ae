import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStudentPage, TermVerification } from '@lantern/contracts/bachelor-verification';
import { seedBachelorVerify } from '@lantern/db/seed-bachelor-verify';
import { buildTestApp, type TestApp } from '../../../../test/helpers';

let t: TestApp;
let programmeId = 0;

/** Terms of the demo programme 512 as the terms seed would leave them: students, no grades. */
beforeAll(async () => {
  t = await buildTestApp();
  const [programme] = await t.database.query<{ id: number }>(
    `select id from programmes where type = 'bachelor' and code = '512'`,
  );
  programmeId = programme?.id ?? 0;
  // The demo seed already gave 512 its terms, results, approvals and export statuses: start
  // from none, as the verification seed finds them after the terms seed alone.
  await t.database.query(`delete from ba_terms where programme_id = $1`, [programmeId]);
  await t.database.query(
    `delete from ba_export_statuses x using enrolments e
     where e.id = x.enrolment_id and e.programme_id = $1`,
    [programmeId],
  );
  await t.database.query(
    `delete from course_results r using enrolments e
     where e.id = r.enrolment_id and e.programme_id = $1`,
    [programmeId],
  );
  const terms: [number, string, string, string, string][] = [
    [2025, 'fa', '2025-09-01', 'LIB110', 'true'],
    [2026, 'sp', '2026-02-01', 'LIB120', 'true'],
    [2026, 'su', '2026-06-01', 'LIB130', 'e.id % 2 = 0'],
    [2026, 'fa', '2026-09-01', 'LIB130', 'e.id % 2 = 1'],
  ];
  for (const [year, season, start, course, who] of terms) {
    const [term] = await t.database.query<{ id: number }>(
      `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
       values ($1, $2, $3, $4, $5, 14) returning id`,
      [programmeId, year, season, `${season} ${String(year)}`, start],
    );
    await t.database.query(
      `with o as (insert into ba_offerings (term_id, course_id)
         select $1, id from programme_courses where programme_id = $2 and code = $3 returning id)
       insert into ba_student_courses (offering_id, enrolment_id)
       select o.id, e.id from o cross join enrolments e
       where e.programme_id = $2 and e.state = 'active' and ${who}`,
      [term?.id, programmeId, course],
    );
  }
});
afterAll(async () => t.close());

const view = async (termKey: string) => {
  const res = await t.app.inject({
    url: `/api/en/programme/bachelor/${String(programmeId)}/verification?termKey=${termKey}`,
    headers: await t.as('admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  const v = res.json<TermVerification>();
  const states = (level: string) =>
    [...new Set(v.levels.filter((l) => l.level === level).map((l) => l.state))].join(',');
  return { BASIC: states('BASIC'), CLC: states('CLC'), UNI: states('UNI') };
};

describe('the demo verification seed', () => {
  it('verifies the terms at each level, one of them stale, and puts students in each export status', async () => {
    // One attempt's result entered but not final yet, as a grade book might leave it: the seed
    // finalises it.
    await t.database.query(
      `insert into ba_attempt_results (student_course_id, score, is_final, version)
       select sc.id, 3, false, 1 from ba_student_courses sc
       join ba_offerings o on o.id = sc.offering_id
       join programme_courses pc on pc.id = o.course_id and pc.code = 'LIB110'
       join enrolments e on e.id = sc.enrolment_id
       where e.programme_id = $1 order by sc.id limit 1`,
      [programmeId],
    );
    const made = await seedBachelorVerify(t.database.db);
    expect(made.verifiedTerms).toBe(4);
    expect(await view('2026-fa')).toEqual({ BASIC: 'approved', CLC: 'waiting', UNI: 'blocked' });
    expect(await view('2026-su')).toEqual({ BASIC: 'approved', CLC: 'approved', UNI: 'waiting' });
    const stale = await view('2026-sp');
    expect(stale.BASIC).toBe('stale');
    expect(stale.UNI).toBe('stale');
    expect(stale.CLC.split(',').sort()).toEqual(['approved', 'stale']);
    expect(await view('2025-fa')).toEqual({ BASIC: 'approved', CLC: 'approved', UNI: 'approved' });
    const [open] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from course_results r join enrolments e on e.id = r.enrolment_id
       where e.programme_id = $1 and not r.is_final`,
      [programmeId],
    );
    expect(open?.n).toBe(0);

    const res = await t.app.inject({
      url: `/api/en/programme/bachelor/${String(programmeId)}/verification/students?limit=100`,
      headers: await t.as('admin'),
    });
    const statuses = res.json<ExportStudentPage>().items.map((s) => s.status);
    expect(statuses.filter((s) => s === 'completed')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'completed-exported')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'graduated')).toHaveLength(3);
  });

  it('does nothing for a programme without terms', async () => {
    await t.database.query(`delete from ba_terms where programme_id = $1`, [programmeId]);
    await t.database.query(`delete from ba_export_statuses`);
    await t.database.query(
      `delete from course_results r using enrolments e
      where e.id = r.enrolment_id and e.programme_id = $1`,
      [programmeId],
    );
    expect(await seedBachelorVerify(t.database.db)).toEqual({
      verifiedTerms: 0,
      exportStatuses: 0,
    });
  });
});
