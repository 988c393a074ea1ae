import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeResults } from '@lantern/contracts/results';
import ExcelJS from 'exceljs';
import type { ResultsImportReport } from '@lantern/contracts/results';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';
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

const url = () => `/api/en/programme/professional-certificate/${String(programmeId)}/results`;
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

  it('imports results from CSV: every problem by row and column, then the clean file, nothing between', async () => {
    const before = await get();
    const [one, two] = before.students.filter((s) => s.state === 'active');
    const passed = before.students.find((s) => s.state === 'completed');
    const send = async (csv: string | Buffer, dryRun: boolean) => {
      const body = multipart(
        {},
        { file: { name: 'results.csv', type: 'text/csv', data: Buffer.from(csv) } },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `${url()}/import?dryRun=${String(dryRun)}`,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResultsImportReport>();
    };
    const id = (n: number | undefined) => String(n ?? 0);
    const bad = [
      'JWL-ID,Name,a1,B1',
      `${id(one?.studentId)},One,88,seventy`,
      `${id(two?.studentId)},Two,101,`,
      `${id(passed?.studentId)},Passed,70,70`,
      '99999999,Nobody,50,50',
      `${id(one?.studentId)},One again,60,60`,
    ].join('\n');
    const report = await send(bad, false);
    expect(report.dryRun).toBe(true);
    expect(report.courses).toEqual(['A1', 'B1']);
    expect(report.problems).toEqual([
      { row: 2, column: 'B1', message: 'Must be a number' },
      { row: 3, column: 'a1', message: 'At most 100' },
      {
        row: 4,
        column: 'JWL-ID',
        message: expect.stringMatching(/is passed; unfail or reopen first$/) as string,
      },
      { row: 5, column: 'JWL-ID', message: 'Not a student of this programme' },
      { row: 6, column: 'JWL-ID', message: 'The same student as row 2' },
    ]);
    expect(await get()).toEqual(before);

    const clean = ['jwlId,A1,B1', `${id(one?.studentId)},91,84`, `${id(two?.studentId)},55,`].join(
      '\n',
    );
    // A row whose cells are all empty changes nobody, and is not counted.
    expect(await send(`jwlId,A1\n${id(two?.studentId)},`, true)).toMatchObject({
      problems: [],
      students: 0,
      scores: 0,
    });
    const dry = await send(clean, true);
    expect(dry).toMatchObject({ dryRun: true, problems: [], students: 2, scores: 3 });
    // The dry run names each row's student, so a person sees whose results will be written.
    expect(dry.reading?.people.map((p) => [p.row, p.jwlId, p.name])).toEqual([
      [2, one?.studentId, `${one?.firstName ?? ''} ${one?.lastName ?? ''}`],
      [3, two?.studentId, `${two?.firstName ?? ''} ${two?.lastName ?? ''}`],
    ]);
    expect(await get()).toEqual(before);
    expect(await send(clean, false)).toMatchObject({ dryRun: false, scores: 3 });
    const after = await get();
    expect(after.students.find((s) => s.enrolmentId === one?.enrolmentId)).toMatchObject({
      outcome: 'pass',
      average: 88.67,
    });
    // An empty cell leaves the result as it was.
    expect(after.students.find((s) => s.enrolmentId === two?.enrolmentId)?.scores).toEqual({
      ...two?.scores,
      [String(after.courses[0]?.id)]: 55,
    });

    // The same from XLSX.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['jwlId', 'A1']);
    sheet.addRow([one?.studentId, 47.5]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await send(xlsx, false)).toMatchObject({ dryRun: false, scores: 1, problems: [] });
    expect((await get()).students.find((s) => s.enrolmentId === one?.enrolmentId)?.outcome).toBe(
      'fail',
    );
  });

  it('shows a study break only for a student still active', async () => {
    const before = await get();
    const active = before.students.find((s) => s.state === 'active');
    const passed = before.students.find((s) => s.state === 'completed');
    for (const s of [active, passed])
      await t.database.query(
        `insert into study_breaks (enrolment_id, starts_on, ends_on)
         values ($1, current_date - 1, current_date + 30)`,
        [s?.enrolmentId],
      );
    const after = await get();
    expect(after.students.find((s) => s.enrolmentId === active?.enrolmentId)?.onBreak).toBe(true);
    expect(after.students.find((s) => s.enrolmentId === passed?.enrolmentId)?.onBreak).toBe(false);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/en/programme/professional-certificate/${String(programmeId)}/students?onBreak=true`,
      headers: admin,
    });
    expect(list.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual([
      active?.enrolmentId,
    ]);
  });

  it('lets every reader of the grade book read results (decision 0003)', async () => {
    for (const reader of [
      'faculty',
      'lead_faculty',
      'view_only_user',
      'university_representative',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url(), headers: await t.as(reader) });
      expect(res.statusCode, reader).toBe(200);
    }
  });

  it('takes results only while the programme runs, and only with the right', async () => {
    const forbidden = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('coordinator'),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ missingRight: 'GRADE_BOOK__DISPLAY' });
    const reader = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: await t.as('faculty'),
      payload: { entries: [] },
    });
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toMatchObject({ missingRight: 'PROGRAMME__REVIEW_GRADES' });
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
