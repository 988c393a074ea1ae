import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeResults } from '@lantern/contracts/results';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { outcomeOf } from './results.service';

let t: TestApp;
let admin: Record<string, string>;
let programmeId = 0;

/** A running programme at KAK with two courses (4 and 2 units), pass at 60 of 100, 3 students. */
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const [schema] = await t.database.query<{ id: number }>(
    `insert into grading_schemas (name, scale_max, pass_mark, bands)
     values ('Results test', 100, 60, '[{"label":"Merit","min":75},{"label":"Pass","min":60},{"label":"Fail","min":0}]')
     returning id`,
  );
  const [programme] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', '902', 'Results test', 'Results test', '2026-01-01', '2026-12-31', 'running', $1)
     returning id`,
    [schema?.id],
  );
  programmeId = programme?.id ?? 0;
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [programmeId],
  );
  await t.database.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'A1', 'Course A', 4, 0), ($1, 'B1', 'Course B', 2, 1)`,
    [programmeId],
  );
  await t.database.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, uc.clc_id, case when row_number() over (order by u.jwl_id) = 3 then 'completed'::enrolment_state else 'active' end
     from users u join user_clcs uc on uc.user_id = u.jwl_id join clcs c on c.id = uc.clc_id and c.code = 'KAK'
     join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     order by u.jwl_id limit 3`,
    [programmeId],
  );
});
afterAll(async () => t.close());

const url = () => `/api/en/programme/${String(programmeId)}/results`;
const get = async () => {
  const res = await t.app.inject({ method: 'GET', url: url(), headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProgrammeResults>();
};

describe('course results and review grades', () => {
  it('proposes pass, fail or missing from the pass mark, with a unit-weighted average and band', () => {
    const courses = [
      { id: 1, code: 'A', title: 'A', units: 4 },
      { id: 2, code: 'B', title: 'B', units: 2 },
    ];
    const schema = {
      id: 1,
      name: 's',
      scaleMax: 100,
      passMark: 60,
      bands: [
        { label: 'Pass', min: 60 },
        { label: 'Merit', min: 75 },
        { label: 'Fail', min: 0 },
      ],
    };
    expect(outcomeOf(courses, { '1': 90, '2': 60 }, schema)).toEqual({
      outcome: 'pass',
      average: 80,
      band: 'Merit',
    });
    expect(outcomeOf(courses, { '1': 90, '2': 59 }, schema).outcome).toBe('fail');
    expect(outcomeOf(courses, { '1': 90 }, schema)).toEqual({
      outcome: 'incomplete',
      average: 90,
      band: 'Merit',
    });
    expect(outcomeOf(courses, {}, schema)).toEqual({
      outcome: 'incomplete',
      average: null,
      band: null,
    });
  });

  it('enters results for active students and shows the proposal', async () => {
    const before = await get();
    expect(before.courses.map((c) => c.code)).toEqual(['A1', 'B1']);
    const active = before.students.filter((s) => s.state === 'active');
    expect(active).toHaveLength(2);
    const [a, b] = before.courses;
    const [one, two] = active;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: admin,
      payload: {
        entries: [
          { enrolmentId: one?.enrolmentId, courseId: a?.id, score: 80 },
          { enrolmentId: one?.enrolmentId, courseId: b?.id, score: 65 },
          { enrolmentId: two?.enrolmentId, courseId: a?.id, score: 40 },
        ],
      },
    });
    expect(res.json()).toEqual({ saved: 3, cleared: 0 });
    const after = await get();
    const first = after.students.find((s) => s.enrolmentId === one?.enrolmentId);
    expect(first).toMatchObject({ outcome: 'pass', average: 75, band: 'Merit' });
    expect(after.students.find((s) => s.enrolmentId === two?.enrolmentId)?.outcome).toBe(
      'incomplete',
    );
    const cleared = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: admin,
      payload: { entries: [{ enrolmentId: one?.enrolmentId, courseId: b?.id, score: null }] },
    });
    expect(cleared.json()).toEqual({ saved: 0, cleared: 1 });
    expect((await get()).students.find((s) => s.enrolmentId === one?.enrolmentId)?.outcome).toBe(
      'incomplete',
    );
  });

  it('refuses the whole save for a score off the scale or a passed student, saving nothing', async () => {
    const before = await get();
    const active = before.students.find((s) => s.state === 'active');
    const passed = before.students.find((s) => s.state === 'completed');
    const course = before.courses[1];
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: admin,
      payload: {
        entries: [
          { enrolmentId: active?.enrolmentId, courseId: course?.id, score: 99 },
          { enrolmentId: active?.enrolmentId, courseId: before.courses[0]?.id, score: 101 },
          { enrolmentId: passed?.enrolmentId, courseId: course?.id, score: 70 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json<{ fields: Record<string, string> }>();
    expect(fields['entries.1.score']).toBe('At most 100');
    expect(fields['entries.2.enrolmentId']).toMatch(/is passed; unfail or reopen first/);
    expect(await get()).toEqual(before);
  });

  it('takes results only while the programme runs, and only with the right', async () => {
    const forbidden = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('coordinator'),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ missingRight: 'PROGRAMME__REVIEW_GRADES' });
    await t.database.query(`update programmes set status = 'prep_done' where id = $1`, [
      programmeId,
    ]);
    const before = await get();
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: admin,
      payload: {
        entries: [
          {
            enrolmentId: before.students[0]?.enrolmentId,
            courseId: before.courses[0]?.id,
            score: 70,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'The programme is preparation done; results are entered while it is running.',
    );
  });
});
