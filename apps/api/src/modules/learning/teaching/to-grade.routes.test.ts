import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassPage, QueuePage, SubmissionView } from '@lantern/contracts/teaching';
import type { LmsHome } from '@lantern/contracts/learning-work';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';

// What waits for a grade is what the caller may grade (spec §6, course responsibility): the
// grading queue, the classes' "to grade" counts and the lms home's count all show the work the
// grade action accepts from that person, and nothing else.

let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};
const ROLES = [
  'facilitator',
  'lead_facilitator',
  'teaching_assistant',
  'faculty',
  'lead_faculty',
  'facilitator_2',
] as const;
type Role = (typeof ROLES)[number];

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '953');
  for (const u of ROLES) h[u] = await t.as(u);
});
afterAll(async () => t.close());

const api = '/api/en/lms';

async function get<T>(url: string, who: Role): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `${api}${url}`, headers: h[who] ?? {} });
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

async function queue(who: Role): Promise<number[]> {
  const page = await get<QueuePage>(`/course/${String(f.courseId)}/grading-queue?limit=100`, who);
  return page.items.map((i) => i.submissionId).sort((a, b) => a - b);
}

/** The fixture's submissions: the online text task of every learner, the demo's onsite file. */
function expected(who: Role): number[] {
  const text = (ids: number[]) => ids.map((sid) => f.submissions[f.textTask]?.[sid] ?? 0);
  const file = [f.submissions[f.fileTask]?.[f.user.student ?? 0] ?? 0];
  const byRole: Record<Role, number[]> = {
    // Onsite facilitators of K1 grade its onsite work only; the online text is faculty's.
    facilitator: file,
    lead_facilitator: file,
    // A teaching assistant holds neither task right: nothing to grade.
    teaching_assistant: [],
    // Online faculty of K1 grade its online work only.
    faculty: text(f.students.k1),
    // SUBMISSION__EDIT grades every task of the learners in reach (decision 0019).
    lead_faculty: [...text(f.students.k1), ...text(f.students.k2), ...file],
    // K2 has no onsite work handed in.
    facilitator_2: [],
  };
  return byRole[who].sort((a, b) => a - b);
}

describe('what waits for a grade, per role', () => {
  for (const who of ROLES)
    it(`${who}: the queue lists exactly the work they may grade`, async () => {
      const ids = await queue(who);
      expect(ids).toEqual(expected(who));
      // The grade action agrees row by row: every queued submission may be graded.
      for (const id of ids) {
        const view = await get<SubmissionView>(`/submission/${String(id)}`, who);
        expect(view.mayGrade, `${who} #${String(id)}`).toBe(true);
      }
    });

  it('the class counts and the home count say the same as the queue', async () => {
    const k1 = {
      facilitator: { toGrade: 1, late: 1 },
      lead_facilitator: { toGrade: 1, late: 1 },
      teaching_assistant: { toGrade: 0, late: 0 },
      faculty: { toGrade: 4, late: 0 },
    } as const;
    for (const [who, counts] of Object.entries(k1) as [Role, { toGrade: number; late: number }][]) {
      const page = await get<ClassPage>('/classes?q=K1', who);
      expect(
        page.items.find((k) => k.id === f.k1),
        who,
      ).toMatchObject(counts);
      const home = await get<LmsHome>('/home', who);
      expect(
        home.classes.find((k) => k.id === f.k1),
        who,
      ).toMatchObject({ toGrade: counts.toGrade });
    }
    const k2 = await get<ClassPage>('/classes?q=K2', 'facilitator_2');
    expect(k2.items.find((k) => k.id === f.k2)).toMatchObject({ toGrade: 0, late: 0 });
  });

  it('work read but not graded says why in words, never in rights codes', async () => {
    const online = f.submissions[f.textTask]?.[f.user.student ?? 0] ?? 0;
    for (const who of ['facilitator', 'lead_facilitator', 'teaching_assistant'] as const) {
      const view = await get<SubmissionView>(`/submission/${String(online)}`, who);
      expect(view.mayGrade, who).toBe(false);
      expect(view.mayNotGradeReason, who).toMatch(/^Grading online tasks needs /);
      expect(view.mayNotGradeReason, who).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
    }
    // The queue leaves the read-only work out, and publishing a task's grades refuses it.
    expect(await queue('facilitator')).not.toContain(online);
  });

  it('the demo gives its facilitator onsite work to grade, and its grades were given by who is responsible', async () => {
    const [bus102] = await t.database.query<{ id: number }>(
      `select c.id from programme_courses c join programmes p on p.id = c.programme_id
        where p.code = '236' and c.code = 'BUS102'`,
    );
    const page = await get<QueuePage>(`/course/${String(bus102?.id)}/grading-queue`, 'facilitator');
    expect(page.items.length).toBeGreaterThanOrEqual(3);
    for (const item of page.items) {
      const view = await get<SubmissionView>(
        `/submission/${String(item.submissionId)}`,
        'facilitator',
      );
      expect(view).toMatchObject({ mayGrade: true, task: { delivery: 'onsite' } });
    }
    // No seeded grade was given by someone of the other delivery's employee type.
    const wrong = await t.database.query<{ item_id: number }>(
      `select g.item_id from grades g join learning_items i on i.id = g.item_id
        join users u on u.jwl_id = g.graded_by
        join programme_courses c on c.id = g.course_id join programmes p on p.id = c.programme_id
        where p.code = '236' and ((i.delivery = 'onsite' and u.employee_type::text not like '%onsite%')
           or (i.delivery = 'online' and u.employee_type::text not like '%online%'))`,
    );
    expect(wrong).toEqual([]);
  });
});
