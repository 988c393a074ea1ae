import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concentrationsSchema,
  type Concentrations,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  clcIdsByCode,
  enrol,
  freeCode,
  insertProgramme,
  userId,
  type ClcIds,
  type Headers,
} from './programmes.fixtures';

let t: TestApp;
let clc: ClcIds;
/** The programmes this file makes, by a short name. */
const ids: Record<string, number> = {};
const id = (name: string) => ids[name] ?? -1;

beforeAll(async () => {
  t = await buildTestApp();
  clc = await clcIdsByCode(t);
  const make = async (
    name: string,
    type: ProgrammeType,
    startDate: string,
    clcIds: number[],
    extra: { status?: string; code?: string } = {},
  ) => {
    ids[name] = await insertProgramme(t, {
      type,
      code: extra.code ?? (await freeCode(t, type)),
      title: `Conc ${name}`,
      startDate,
      clcIds,
      ...(extra.status ? { status: extra.status } : {}),
      courses: [
        { code: `${name}-2`, units: 4, position: 2 },
        { code: `${name}-1`, units: 3, position: 1 },
      ],
    });
  };
  await make('pcOld', 'professional', '2090-01-01', [clc.KAK]);
  await make('pcNew', 'professional', '2095-01-01', [clc.KAK]);
  await make('pcAmm', 'professional', '2096-01-01', [clc.AMM]);
  await make('pcCancelled', 'professional', '2097-01-01', [clc.KAK], { status: 'cancelled' });
  await make('ba', 'bachelor', '2093-09-01', [clc.KAK, clc.AMM]);
  await make('lang', 'language', '2092-03-01', [clc.KAK]);
  await make('gel', 'gel', '2092-03-01', [clc.KAK]);
  await make('orZ', 'orientation', '2090-01-01', [clc.KAK], { code: 'ZZ9' });
  await make('orA', 'orientation', '2099-01-01', [clc.KAK], { code: 'AA1' });

  const student = await userId(t, 'student');
  await enrol(t, id('pcOld'), student, 'active');
  await enrol(t, id('pcAmm'), student, 'completed');
  await enrol(t, id('ba'), student, 'withdrawn');
  await enrol(t, id('lang'), student, 'declined');
  const [cls] = await t.database.query<{ id: number }>(
    `insert into classes (programme_id, clc_id, name) values ($1, $2, 'Conc class') returning id`,
    [id('lang'), clc.KAK],
  );
  await t.database.query(
    `insert into class_staff (class_id, user_id, kind) values ($1, $2, 'facilitator')`,
    [cls?.id, await userId(t, 'facilitator')],
  );
});
afterAll(async () => t.close());

const get = async (url: string, headers: Headers) => {
  const res = await t.app.inject({ url, headers });
  return res;
};
const concentrations = async (url: string, headers: Headers) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return concentrationsSchema.parse(res.json());
};
const mine = (list: { id: number }[]) =>
  list.flatMap((p) => {
    const name = Object.keys(ids).find((k) => ids[k] === p.id);
    return name ? [name] : [];
  });
const allIds = (c: Concentrations) =>
  [...c.professional, ...c.bachelor, ...c.language, ...c.orientation].map((p) => p.id);
const newestFirst = (list: { startDate: string }[]) =>
  list.every((p, i) => i === 0 || (list[i - 1]?.startDate ?? '') >= p.startDate);

describe('concentrations', () => {
  it('groups what a network-wide role sees, newest first, orientation by code, courses in order', async () => {
    const c = await concentrations('/api/general/concentrations', await t.as('admin'));
    expect(c.error).toBeNull();
    expect(mine(c.professional)).toEqual(['pcAmm', 'pcNew', 'pcOld']);
    expect(mine(c.bachelor)).toEqual(['ba']);
    expect(mine(c.language)).toEqual(['lang']);
    expect(mine(c.orientation)).toEqual(['orA', 'orZ']);
    for (const group of [c.professional, c.bachelor, c.language])
      expect(newestFirst(group)).toBe(true);
    const codes = c.orientation.map((o) => o.code);
    expect(codes).toEqual([...codes].sort());
    const pcOld = c.professional.find((p) => p.id === id('pcOld'));
    expect(pcOld).toEqual({
      id: id('pcOld'),
      code: expect.any(String) as string,
      title: 'Conc pcOld',
      programmeType: 'professional',
      startDate: '2090-01-01',
      endDate: '2090-07-20',
      courses: [
        { id: expect.any(Number) as number, code: 'pcOld-1', title: 'pcOld-1', units: 3 },
        { id: expect.any(Number) as number, code: 'pcOld-2', title: 'pcOld-2', units: 4 },
      ],
    });
    // An orientation entry opens its programme's first course (orientation_course/:courseId).
    const [first] = await t.database.query<{ id: number }>(
      `select id from programme_courses where programme_id = $1 order by position, id limit 1`,
      [id('orA')],
    );
    expect(c.orientation.find((o) => o.id === id('orA'))).toEqual({
      id: id('orA'),
      code: 'AA1',
      title: 'Conc orA',
      courseId: first?.id,
    });
    // Neither cancelled programmes nor GEL.
    expect(allIds(c)).not.toContain(id('pcCancelled'));
    expect(allIds(c)).not.toContain(id('gel'));
  });

  it('shows a CLC-bound user only the programmes of their CLCs', async () => {
    const kak = await concentrations('/api/general/concentrations', await t.as('coordinator'));
    expect(mine(kak.professional)).toEqual(['pcNew', 'pcOld']);
    expect(mine(kak.bachelor)).toEqual(['ba']);
    const amm = await concentrations('/api/general/concentrations', await t.as('coordinator_2'));
    expect(mine(amm.professional)).toEqual(['pcAmm']);
    expect(mine(amm.orientation)).toEqual([]);
  });

  it('personalised: a student’s own programmes, wherever they are, and nothing they left', async () => {
    const headers = await t.as('student');
    const student = await userId(t, 'student');
    const c = await concentrations(`/api/general/concentrations-personalized/${student}`, headers);
    expect(mine(c.professional)).toEqual(['pcAmm', 'pcOld']);
    expect(mine(c.bachelor)).toEqual([]);
    expect(mine(c.language)).toEqual([]);
    // Whatever else is there is the student's too.
    const own = await t.database.query<{ programme_id: number }>(
      `select programme_id from enrolments where user_id = $1 and state in ('applied', 'active', 'completed', 'failed')`,
      [student],
    );
    const ownIds = new Set(own.map((r) => r.programme_id));
    for (const pid of allIds(c)) expect(ownIds.has(pid)).toBe(true);
  });

  it('personalised: staff see the programmes of the classes they teach', async () => {
    const facilitator = await userId(t, 'facilitator');
    const c = await concentrations(
      `/api/general/concentrations-personalized/${facilitator}`,
      await t.as('facilitator'),
    );
    expect(mine(c.language)).toEqual(['lang']);
    expect(mine(c.professional)).toEqual([]);
  });

  it('personalised: someone else’s only with PROGRAMME__DISPLAY and within reach', async () => {
    const student = await userId(t, 'student');
    const other = await get(
      `/api/general/concentrations-personalized/${await userId(t, 'facilitator')}`,
      await t.as('student'),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'MISSING_RIGHT',
      missingRight: 'PROGRAMME__DISPLAY',
      detail: 'You need the right “Programmes — view” for this.',
    });
    const byAdmin = await concentrations(
      `/api/general/concentrations-personalized/${student}`,
      await t.as('admin'),
    );
    expect(mine(byAdmin.professional)).toEqual(['pcAmm', 'pcOld']);
    // A coordinator of KAK sees the KAK student, but only the programmes they may see.
    const byCoordinator = await concentrations(
      `/api/general/concentrations-personalized/${student}`,
      await t.as('coordinator'),
    );
    expect(mine(byCoordinator.professional)).toEqual(['pcOld']);
    // The student is not one of AMM's people.
    const outOfReach = await get(
      `/api/general/concentrations-personalized/${student}`,
      await t.as('coordinator_2'),
    );
    expect(outOfReach.statusCode).toBe(404);
    const nobody = await get(
      '/api/general/concentrations-personalized/2000000000',
      await t.as('admin'),
    );
    expect(nobody.statusCode).toBe(404);
    const notANumber = await get(
      '/api/general/concentrations-personalized/abc',
      await t.as('admin'),
    );
    expect(notANumber.statusCode).toBe(400);
  });

  it('answers 401 without a sign-in', async () => {
    const res = await t.app.inject({ url: '/api/general/concentrations' });
    expect(res.statusCode).toBe(401);
  });
});
