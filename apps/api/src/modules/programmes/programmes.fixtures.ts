import type { GradingSchema, Programme, ProgrammeType } from '@lantern/contracts/programme';
import type { TestApp } from '../../../test/helpers';

/** Test data of the programme tests: made here, never read from the demo seed's programmes. */

export type Headers = { authorization: string };

export type ClcIds = Record<'KAK' | 'AMM' | 'DZA' | 'ERB', number>;

/** The ids of some demo CLCs (KAK: the coordinator's; AMM: coordinator_2's). */
export async function clcIdsByCode(t: TestApp): Promise<ClcIds> {
  const found = await t.database.query<{ id: number; code: string }>('select id, code from clcs');
  const id = (code: string) => found.find((c) => c.code === code)?.id ?? 0;
  return { KAK: id('KAK'), AMM: id('AMM'), DZA: id('DZA'), ERB: id('ERB') };
}

const handedOut = new Set<string>();

/** A 3-digit code no programme of the type uses yet (from 999 down, away from the seed's). */
export async function freeCode(t: TestApp, type: ProgrammeType = 'professional'): Promise<string> {
  const used = await t.database.query<{ code: string }>(
    'select code from programmes where type = $1',
    [type],
  );
  const taken = new Set(used.map((r) => r.code));
  for (let n = 999; n >= 100; n -= 1) {
    const code = String(n);
    if (!taken.has(code) && !handedOut.has(`${type}:${code}`)) {
      handedOut.add(`${type}:${code}`);
      return code;
    }
  }
  throw new Error('No free programme code left');
}

let schemas = 0;

export async function createGradingSchema(t: TestApp, headers: Headers): Promise<GradingSchema> {
  schemas += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/en/grading-schema',
    headers,
    payload: {
      name: `Fixture scale ${schemas} ${Date.now()}`,
      scaleMax: 100,
      passMark: 50,
      bands: [
        { label: 'Pass', min: 50 },
        { label: 'Distinction', min: 85 },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`grading schema: ${res.statusCode} ${res.body}`);
  return res.json<GradingSchema>();
}

export const programmeInput = (over: Record<string, unknown> = {}) => ({
  code: '999',
  internalName: 'PC Business 2091',
  title: 'Professional Certificate in Business',
  startDate: '2091-01-15',
  endDate: '2091-12-15',
  gradingSchemaId: 0,
  certifyingUniversity: 'Regis University',
  certificateText: 'has completed the professional certificate in business.',
  clcIds: [] as number[],
  courses: [
    { code: 'BUS-101', title: 'Foundations of Business', units: 3 },
    { code: 'BUS-102', title: 'Accounting Basics', units: 4 },
  ],
  ...over,
});

export async function createProgramme(
  t: TestApp,
  headers: Headers,
  input: Record<string, unknown>,
): Promise<Programme> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/en/programme/professional-certificate',
    headers,
    payload: input,
  });
  if (res.statusCode !== 200) throw new Error(`programme: ${res.statusCode} ${res.body}`);
  return res.json<Programme>();
}

/** A programme of any type straight into the tables (the API creates professional ones only). */
export async function insertProgramme(
  t: TestApp,
  values: {
    type: ProgrammeType;
    code: string;
    title: string;
    startDate: string;
    status?: string;
    clcIds: number[];
    courses?: { code: string; units: number; position: number }[];
  },
): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ($1, $2, $3, $4, $5, ($5::date + 200), $6) returning id`,
    [
      values.type,
      values.code,
      `${values.title} (internal)`,
      values.title,
      values.startDate,
      values.status ?? 'new',
    ],
  );
  const id = row?.id ?? 0;
  for (const clcId of values.clcIds)
    await t.database.query('insert into programme_clcs (programme_id, clc_id) values ($1, $2)', [
      id,
      clcId,
    ]);
  for (const course of values.courses ?? [])
    await t.database.query(
      'insert into programme_courses (programme_id, code, title, units, position) values ($1, $2, $2, $3, $4)',
      [id, course.code, course.units, course.position],
    );
  return id;
}

/** Demo students (of the generated ones) to put into programmes. */
export async function studentIds(t: TestApp, n: number, offset = 0): Promise<number[]> {
  const found = await t.database.query<{ jwl_id: number }>(
    `select u.jwl_id from users u join user_roles ur on ur.user_id = u.jwl_id and ur.role_key = 'STUDENT'
     order by u.jwl_id limit $1 offset $2`,
    [n, offset],
  );
  return found.map((r) => r.jwl_id);
}

export async function enrol(
  t: TestApp,
  programmeId: number,
  userId: number,
  state: string,
): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    'insert into enrolments (programme_id, user_id, state) values ($1, $2, $3) returning id',
    [programmeId, userId, state],
  );
  return row?.id ?? 0;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.database.query<{ jwl_id: number }>(
    'select jwl_id from users where username = $1',
    [username],
  );
  return row?.jwl_id ?? 0;
}
