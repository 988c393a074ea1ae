import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers';

let t: TestApp;
let programmeId = 0;

/** The test template is the demo seed itself (seedDemo: terms, verification, then credits). */
beforeAll(async () => {
  t = await buildTestApp();
  const [programme] = await t.database.query<{ id: number }>(
    `select id from programmes where type = 'bachelor' and code = '512'`,
  );
  programmeId = programme?.id ?? 0;
});
afterAll(async () => t.close());

describe('the demo credits seed after the verification seed (as npm start seeds)', () => {
  it('keeps the results the verification seed made final and gives them their ledger entries', async () => {
    const [entries] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
       where e.programme_id = $1`,
      [programmeId],
    );
    expect(entries?.n).toBeGreaterThan(0);
    // No attempt's result got a second history: one `save` at most per attempt.
    const [twice] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from (select student_course_id from grade_events
         where subject = 'course_result' and action = 'save' and enrolment_id in
           (select id from enrolments where programme_id = $1)
         group by student_course_id having count(*) > 1) x`,
      [programmeId],
    );
    expect(twice?.n).toBe(0);
    // Every final result of the programme has its `earned` entry.
    const [unearned] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from course_results r join enrolments e on e.id = r.enrolment_id
       where e.programme_id = $1 and r.is_final and not exists (select 1 from ba_credit_ledger l
         where l.enrolment_id = r.enrolment_id and l.course_id = r.course_id and l.kind = 'earned')`,
      [programmeId],
    );
    expect(unearned?.n).toBe(0);
  });
});

describe('the demo transfers in', () => {
  it('are decided by another person than their proposer', async () => {
    const found = await t.database.query<{
      state: string;
      proposed_by: number;
      decided_by: number;
    }>(
      `select t.state, t.proposed_by, t.decided_by from ba_transfers t
       join enrolments e on e.id = t.enrolment_id
       where e.programme_id = $1 and t.direction = 'in' and t.state <> 'proposed'`,
      [programmeId],
    );
    expect(found.map((r) => r.state).sort()).toEqual(['approved', 'approved', 'rejected']);
    for (const r of found) {
      expect(r.proposed_by).not.toBeNull();
      expect(r.decided_by).not.toBe(r.proposed_by);
    }
  });
});
