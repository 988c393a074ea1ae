import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Programme, ProgrammeListItem } from '@lantern/contracts/programme';
import { programmes } from '@lantern/db/schema/programmes';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { isUniqueViolation } from './programmes.db-errors';
import {
  clcIdsByCode,
  createGradingSchema,
  createProgramme,
  enrol,
  freeCode,
  insertProgramme,
  programmeInput,
  studentIds,
  type ClcIds,
  type Headers,
} from './programmes.fixtures';

let t: TestApp;
let admin: Headers;
let clc: ClcIds;
let schemaId = 0;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  clc = await clcIdsByCode(t);
  schemaId = (await createGradingSchema(t, admin)).id;
});
afterAll(async () => t.close());

const PC = '/api/en/programme/professional-certificate';
type Fields = { fields: Record<string, string> };
type Page = { items: ProgrammeListItem[]; total: number; page: number; limit: number };

const input = async (over: Record<string, unknown> = {}) =>
  programmeInput({
    code: await freeCode(t),
    gradingSchemaId: schemaId,
    clcIds: [clc.KAK],
    ...over,
  });

const count = async () =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from programmes'))[0]?.n;

describe('creating a professional certificate', () => {
  it('saves the programme with its CLCs and courses in order, and writes its history', async () => {
    const data = await input({ clcIds: [clc.KAK, clc.AMM] });
    const programme = await createProgramme(t, admin, data);
    expect(programme).toMatchObject({
      type: 'professional',
      code: data.code,
      title: 'Professional Certificate in Business',
      status: 'new',
      startDate: '2091-01-15',
      gradingSchema: { id: schemaId },
      certifyingUniversity: 'Regis University',
      enrolments: { applied: 0, active: 0, declined: 0, withdrawn: 0, completed: 0, failed: 0 },
      onBreak: 0,
      certificates: 0,
      version: 1,
    });
    expect(programme.clcs.map((c) => c.code)).toEqual(['AMM', 'KAK']);
    expect(programme.courses.map((c) => [c.code, c.units])).toEqual([
      ['BUS-101', 3],
      ['BUS-102', 4],
    ]);
    const again = await t.app.inject({ url: `${PC}/${programme.id}`, headers: admin });
    expect(again.json<Programme>()).toEqual(programme);
    const history = await t.app.inject({ url: `${PC}/${programme.id}/history`, headers: admin });
    const entries =
      history.json<
        { action: string; actor: { name: string }; changes: Record<string, unknown> }[]
      >();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'programme.created',
      actor: { name: 'Daniel Okafor' },
      changes: {
        code: data.code,
        clcs: ['AMM', 'KAK'],
        gradingSchema: expect.any(String) as string,
      },
    });
  });

  it('names every wrong field with the spec’s texts, and saves nothing', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: admin,
      payload: {
        ...(await input()),
        code: '12',
        title: ' ',
        startDate: '15.01.2091',
        gradingSchemaId: '',
        clcIds: [],
        courses: [{ code: 'A', title: 'A course', units: 'three' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Fields>().fields).toMatchObject({
      code: 'The programme code has exactly 3 digits',
      title: 'This field must be filled',
      startDate: 'Please provide a valid Date',
      gradingSchemaId: 'Please select a valid option',
      clcIds: 'At least 1 option must be selected',
      'courses.0.units': 'Must be a number',
    });
    const { code: _code, internalName: _name, ...missing } = await input();
    const empty = await t.app.inject({ method: 'POST', url: PC, headers: admin, payload: missing });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Fields>().fields).toMatchObject({
      code: 'This field must be filled',
      internalName: 'This field must be filled',
    });
    const backwards = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: admin,
      payload: await input({ startDate: '2091-05-01', endDate: '2091-04-30' }),
    });
    expect(backwards.json<Fields>().fields).toEqual({
      endDate: 'The end date must not be before the start date',
    });
    expect(await count()).toBe(before);
  });

  it('refuses a code in use within the type, an unknown grading schema and unknown CLCs', async () => {
    const taken = await createProgramme(t, admin, await input());
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: admin,
      payload: await input({
        code: taken.code,
        gradingSchemaId: 987_654,
        clcIds: [clc.KAK, 987_654, 99_999_999_999],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Fields & { code: string }>()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        code: 'This code is already in use',
        gradingSchemaId: 'Please select a valid option',
        clcIds: 'Please select a valid option',
      },
    });
    expect(await count()).toBe(before);
    // The code is unique within its type only: a bachelor may carry it.
    const bachelorCode = await freeCode(t);
    await insertProgramme(t, {
      type: 'bachelor',
      code: bachelorCode,
      title: 'BA Liberal Studies',
      startDate: '2091-09-01',
      clcIds: [clc.KAK],
    });
    const same = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: admin,
      payload: await input({ code: bachelorCode }),
    });
    expect(same.statusCode).toBe(200);
  });

  it('knows the code index’s violation when a save races another (both drivers)', async () => {
    const taken = await createProgramme(t, admin, await input());
    const error: unknown = await t.deps.db
      .insert(programmes)
      .values({
        type: 'professional',
        code: taken.code,
        internalName: 'Racing save',
        title: 'Racing save',
        startDate: '2091-01-01',
        endDate: '2091-02-01',
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error, 'programmes_type_code_key')).toBe(true);
    expect(isUniqueViolation(error, 'grading_schemas_name_key')).toBe(false);
    expect(isUniqueViolation(new Error('other'), 'programmes_type_code_key')).toBe(false);
  });

  it('takes only CLCs within the editor’s reach', async () => {
    await t.database.query(
      `insert into role_rights (role_key, right_key) values ('LEAD_COORDINATOR', 'PC_PROGRAMME__CREATE'), ('LEAD_COORDINATOR', 'PC_PROGRAMME__EDIT')`,
    );
    const lead = await t.as('lead_coordinator'); // KAK and DZA
    const outside = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: lead,
      payload: await input({ clcIds: [clc.KAK, clc.AMM] }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<Fields>().fields).toEqual({ clcIds: 'Please select a valid option' });
    const inside = await createProgramme(t, lead, await input({ clcIds: [clc.KAK, clc.DZA] }));
    expect(inside.clcs.map((c) => c.code)).toEqual(['DZA', 'KAK']);

    // A CLC the editor cannot reach stays on the programme when they save.
    const shared = await createProgramme(t, admin, await input({ clcIds: [clc.KAK, clc.AMM] }));
    const { id, version, clcs: _clcs, courses, ...rest } = shared;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${PC}/${id}`,
      headers: lead,
      payload: {
        ...(await input({ code: rest.code, title: 'Renamed by the lead' })),
        clcIds: [clc.DZA],
        courses,
        version,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Programme>().clcs.map((c) => c.code)).toEqual(['AMM', 'DZA']);
    // Sending back a CLC beyond reach that the programme already has is no error either.
    const again = await t.app.inject({
      method: 'PUT',
      url: `${PC}/${id}`,
      headers: lead,
      payload: {
        ...(await input({ code: rest.code, title: 'Renamed again' })),
        clcIds: [clc.AMM, clc.KAK],
        courses,
        version: version + 1,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Programme>().clcs.map((c) => c.code)).toEqual(['AMM', 'KAK']);
  });
});

describe('the programme lists', () => {
  const token = 'Quokka';
  let items: Record<string, Programme> = {};
  beforeAll(async () => {
    const make = async (key: string, over: Record<string, unknown>) => {
      items[key] = await createProgramme(t, admin, await input(over));
    };
    items = {};
    await make('alpha', {
      title: 'Alpha Logistics',
      internalName: `${token} one`,
      startDate: '2091-02-01',
      endDate: '2091-10-01',
    });
    await make('beta', {
      title: 'Beta Nursing',
      internalName: `${token} two`,
      startDate: '2092-02-01',
      endDate: '2092-10-01',
      clcIds: [clc.AMM],
    });
    await make('gamma', {
      title: 'Gamma Teaching',
      internalName: `${token} three`,
      startDate: '2093-02-01',
      endDate: '2093-10-01',
    });
    const gamma = items.gamma;
    if (!gamma) throw new Error('gamma not created');
    const [a, b, c, d, e] = await studentIds(t, 5);
    for (const [user, state] of [
      [a, 'active'],
      [b, 'active'],
      [c, 'completed'],
      [d, 'applied'],
      [e, 'withdrawn'],
    ] as const)
      await enrol(t, gamma.id, user ?? 0, state);
    await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${gamma.id}/actions/open-applications`,
      headers: admin,
      payload: { version: gamma.version },
    });
  });
  const list = async (query: string, headers: Headers = admin) => {
    const res = await t.app.inject({ url: `${PC}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const titles = (page: Page) => page.items.map((i) => i.title);

  it('searches code, title and internal name; counts students and applicants', async () => {
    const page = await list(`q=${token.toLowerCase()}&sort=startDate&dir=asc`);
    expect(titles(page)).toEqual(['Alpha Logistics', 'Beta Nursing', 'Gamma Teaching']);
    expect(page.total).toBe(3);
    expect(page.items[2]).toMatchObject({
      type: 'professional',
      status: 'applying',
      clcs: ['KAK'],
      students: 3,
      applicants: 1,
      internalName: `${token} three`,
    });
    expect(titles(await list('q=Beta%20Nurs'))).toEqual(['Beta Nursing']);
    const byCode = await list(`q=${items.alpha?.code ?? ''}`);
    expect(titles(byCode)).toContain('Alpha Logistics');
    expect(titles(byCode)).not.toContain('Beta Nursing');
    // Wildcards are taken literally.
    expect((await list('q=%25%25%25')).total).toBe(0);
  });

  it('filters by status, start year and CLC', async () => {
    expect(titles(await list(`q=${token}&status=applying`))).toEqual(['Gamma Teaching']);
    expect(titles(await list(`q=${token}&year=2092`))).toEqual(['Beta Nursing']);
    expect(titles(await list(`q=${token}&clc=${clc.AMM}`))).toEqual(['Beta Nursing']);
    expect(titles(await list(`q=${token}&status=running`))).toEqual([]);
  });

  it('sorts by each column both ways and pages', async () => {
    expect(titles(await list(`q=${token}`))).toEqual([
      'Gamma Teaching',
      'Beta Nursing',
      'Alpha Logistics',
    ]);
    expect(titles(await list(`q=${token}&sort=title&dir=asc`))).toEqual([
      'Alpha Logistics',
      'Beta Nursing',
      'Gamma Teaching',
    ]);
    expect(titles(await list(`q=${token}&sort=students&dir=desc`))[0]).toBe('Gamma Teaching');
    expect(titles(await list(`q=${token}&sort=status&dir=desc`))[0]).toBe('Gamma Teaching');
    expect(titles(await list(`q=${token}&sort=endDate&dir=desc`))[0]).toBe('Gamma Teaching');
    const codes = [items.alpha, items.beta, items.gamma].map((p) => p?.code ?? '').sort();
    const byCode = await list(`q=${token}&sort=code&dir=asc`);
    expect(byCode.items.map((i) => i.code)).toEqual(codes);
    const second = await list(`q=${token}&sort=startDate&dir=asc&limit=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(titles(second)).toEqual(['Gamma Teaching']);
    const tooMany = await t.app.inject({ url: `${PC}?limit=101`, headers: admin });
    expect(tooMany.statusCode).toBe(400);
    const badSort = await t.app.inject({ url: `${PC}?sort=password`, headers: admin });
    expect(badSort.statusCode).toBe(400);
  });

  it('shows a CLC-bound coordinator only the programmes of their CLCs', async () => {
    const coordinator = await t.as('coordinator'); // KAK
    const page = await list(`q=${token}`, coordinator);
    expect(titles(page)).toEqual(['Gamma Teaching', 'Alpha Logistics']);
    expect(page.total).toBe(2);
    const beta = items.beta?.id ?? 0;
    const detail = await t.app.inject({ url: `${PC}/${beta}`, headers: coordinator });
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 'NOT_FOUND' });
    const history = await t.app.inject({ url: `${PC}/${beta}/history`, headers: coordinator });
    expect(history.statusCode).toBe(404);
    const theirs = await list(`q=${token}`, await t.as('coordinator_2')); // AMM
    expect(titles(theirs)).toEqual(['Beta Nursing']);
  });

  it('lists bachelors on their own tab, under their own right', async () => {
    const code = await freeCode(t, 'bachelor');
    await insertProgramme(t, {
      type: 'bachelor',
      code,
      title: `BA ${token} Studies`,
      startDate: '2094-09-01',
      clcIds: [clc.KAK],
    });
    const res = await t.app.inject({
      url: `/api/en/programme/bachelor?q=${token}`,
      headers: admin,
    });
    expect(res.json<Page>().items.map((i) => [i.title, i.type])).toEqual([
      [`BA ${token} Studies`, 'bachelor'],
    ]);
    expect(titles(await list(`q=${token}`))).not.toContain(`BA ${token} Studies`);
    const [bachelor] = await t.database.query<{ id: number }>(
      'select id from programmes where type = $1 and code = $2',
      ['bachelor', code],
    );
    const asPc = await t.app.inject({ url: `${PC}/${bachelor?.id ?? 0}`, headers: admin });
    expect(asPc.statusCode).toBe(404);
    const facilitator = await t.app.inject({
      url: '/api/en/programme/bachelor',
      headers: await t.as('facilitator'),
    });
    expect(facilitator.statusCode).toBe(403);
    expect(facilitator.json()).toMatchObject({ missingRight: 'PROGRAMME_ACADEMIC__DISPLAY' });
  });
});

describe('editing a professional certificate', () => {
  const put = async (id: number, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'PUT', url: `${PC}/${id}`, headers, payload });

  it('replaces courses by id: updates, adds, removes, reorders; a swap of codes works', async () => {
    const created = await createProgramme(
      t,
      admin,
      await input({
        courses: [
          { code: 'A-1', title: 'First', units: 1 },
          { code: 'B-2', title: 'Second', units: 2 },
          { code: 'C-3', title: 'Third', units: 3 },
        ],
      }),
    );
    const [first, second] = created.courses;
    const res = await put(created.id, {
      ...(await input({ code: created.code, title: 'Renamed certificate' })),
      courses: [
        { id: second?.id, code: 'A-1', title: 'Second, now first', units: 5 },
        { code: 'D-4', title: 'Fourth', units: 4 },
        { id: first?.id, code: 'B-2', title: 'First, now third', units: 1 },
      ],
      version: created.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Programme>();
    expect(saved).toMatchObject({ title: 'Renamed certificate', version: 2 });
    expect(saved.courses.map((c) => [c.id === second?.id, c.code, c.title, c.units])).toEqual([
      [true, 'A-1', 'Second, now first', 5],
      [false, 'D-4', 'Fourth', 4],
      [false, 'B-2', 'First, now third', 1],
    ]);
    expect(saved.courses[2]?.id).toBe(first?.id);
    const history = await t.app.inject({ url: `${PC}/${created.id}/history`, headers: admin });
    const [latest] = history.json<{ action: string; changes: Record<string, unknown> }[]>();
    expect(latest?.action).toBe('programme.updated');
    expect(latest?.changes.title).toEqual({
      from: 'Professional Certificate in Business',
      to: 'Renamed certificate',
    });
    expect(latest?.changes).toHaveProperty('courses');
    expect(latest?.changes).not.toHaveProperty('code');
  });

  it('refuses to remove a course that has results, and changes nothing', async () => {
    const created = await createProgramme(t, admin, await input());
    const [kept, graded] = created.courses;
    const [student] = await studentIds(t, 1, 10);
    const enrolment = await enrol(t, created.id, student ?? 0, 'active');
    await t.database.query(
      'insert into course_results (enrolment_id, course_id, score) values ($1, $2, 71)',
      [enrolment, graded?.id],
    );
    const res = await put(created.id, {
      ...(await input({ code: created.code, title: 'Should not stick' })),
      courses: [kept],
      version: created.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      detail: 'The course BUS-102 has results and cannot be removed.',
    });
    const after = await t.app.inject({ url: `${PC}/${created.id}`, headers: admin });
    expect(after.json<Programme>()).toMatchObject({
      title: created.title,
      version: 1,
      courses: created.courses,
    });
  });

  it('refuses a course id of another programme', async () => {
    const one = await createProgramme(t, admin, await input());
    const other = await createProgramme(t, admin, await input());
    const res = await put(one.id, {
      ...(await input({ code: one.code })),
      courses: [{ ...other.courses[0] }],
      version: one.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Fields>().fields).toEqual({
      'courses.0.id': 'This course is not one of the programme’s courses',
    });
  });

  it('answers 409 on a stale version and keeps the first save', async () => {
    const created = await createProgramme(t, admin, await input());
    const data = await input({ code: created.code });
    const first = await put(created.id, {
      ...data,
      title: 'First save',
      courses: created.courses,
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await put(created.id, {
      ...data,
      title: 'Second save',
      courses: created.courses,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_VERSION',
      detail: expect.stringMatching(/Someone else changed this programme/) as string,
    });
    const now = await t.app.inject({ url: `${PC}/${created.id}`, headers: admin });
    expect(now.json<Programme>()).toMatchObject({ title: 'First save', version: 2 });
  });

  it('refuses a code another programme of the type has, and a missing version', async () => {
    const one = await createProgramme(t, admin, await input());
    const other = await createProgramme(t, admin, await input());
    const taken = await put(one.id, {
      ...(await input({ code: other.code })),
      courses: one.courses,
      version: one.version,
    });
    expect(taken.json<Fields>().fields).toEqual({ code: 'This code is already in use' });
    const noVersion = await put(one.id, { ...(await input({ code: one.code })) });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<Fields>().fields).toHaveProperty('version');
  });

  it('needs PC_PROGRAMME__EDIT to edit and PC_PROGRAMME__CREATE to create', async () => {
    const coordinator = await t.as('coordinator');
    const created = await createProgramme(t, admin, await input());
    const edit = await put(
      created.id,
      { ...(await input({ code: created.code })), version: 1 },
      coordinator,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      code: 'MISSING_RIGHT',
      missingRight: 'PC_PROGRAMME__EDIT',
    });
    const create = await t.app.inject({
      method: 'POST',
      url: PC,
      headers: coordinator,
      payload: await input(),
    });
    expect(create.json()).toMatchObject({ missingRight: 'PC_PROGRAMME__CREATE' });
  });
});
