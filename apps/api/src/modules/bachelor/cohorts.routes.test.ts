import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cohort, CohortImportReport } from '@lantern/contracts/bachelor-cohorts';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';

let t: TestApp;
let programmeId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await t.database.query<{ id: number }>(
    `select id from programmes where type = 'bachelor' and code = '512'`,
  );
  programmeId = row?.id ?? 0;
});
afterAll(async () => t.close());

const base = () => `/api/en/programme/bachelor/${programmeId}/cohorts`;

const send = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  user = 'academic_manager',
) =>
  t.app.inject({
    method,
    url,
    headers: await t.as(user),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

const upload = async (
  cohortId: number,
  csv: string,
  options: { dryRun?: boolean; user?: string } = {},
) => {
  const body = multipart(
    {},
    { file: { name: 'cohort.csv', type: 'text/csv', data: Buffer.from(csv) } },
  );
  return t.app.inject({
    method: 'POST',
    url: `${base()}/${cohortId}/import?dryRun=${String(options.dryRun ?? false)}`,
    // An academic manager holds BA_COHORT__IMPORT but may not make people students (decision
    // 0015: STUDENT__CREATE or STUDENT__EDIT): the admin imports here; see the rights test.
    headers: { ...(await t.as(options.user ?? 'admin')), ...body.headers },
    payload: body.payload,
  });
};

const count = async (query: string, params: unknown[] = []) =>
  (await t.database.query<{ n: number }>(query, params))[0]?.n ?? -1;
const members = (cohortId: number) =>
  count(`select count(*)::int as n from ba_cohort_members where cohort_id = $1`, [cohortId]);
const snapshot = async () => ({
  users: await count(`select count(*)::int as n from users`),
  enrolments: await count(`select count(*)::int as n from enrolments`),
  members: await count(`select count(*)::int as n from ba_cohort_members`),
  imports: await count(`select count(*)::int as n from ba_cohort_imports`),
  files: await count(`select count(*)::int as n from files`),
});

let serial = 0;
const newCohort = async (code = `T${String((serial += 1))}-${String(Date.now() % 100000)}`) => {
  const res = await send('POST', base(), { code, intakeTerm: '2026-fa' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Cohort>();
};

const HEADER = 'jwlId,First name,Last name,E-mail,Phone,Birth date,Gender,CLC';
const row = (
  p: Partial<
    Record<'jwl' | 'first' | 'last' | 'email' | 'phone' | 'birth' | 'gender' | 'clc', string>
  >,
) =>
  [
    p.jwl ?? '',
    p.first ?? 'Amina',
    p.last ?? 'Cohort',
    p.email ?? '',
    p.phone ?? '',
    p.birth ?? '2000-01-01',
    p.gender ?? 'f',
    p.clc ?? 'KAK',
  ].join(',');

describe('cohorts', () => {
  it('lists the demo cohorts of programme 512 with their members and last import', async () => {
    const list = await send('GET', `${base()}?q=BLS-202&sort=code&dir=asc`);
    expect(list.json<{ items: Cohort[] }>().items).toMatchObject([
      {
        code: 'BLS-2025',
        intakeTerm: '2025-fa',
        members: 10,
        lastImportFile: 'bls-2025-intake.csv',
      },
      {
        code: 'BLS-2026',
        intakeTerm: '2026-sp',
        members: 8,
        lastImportFile: 'bls-2026-intake.xlsx',
      },
    ]);
  });

  it('creates, lists, edits and deletes; codes unique per programme whatever the case', async () => {
    const cohort = await newCohort('BLS-2031');
    expect(cohort).toMatchObject({ code: 'BLS-2031', intakeTerm: '2026-fa', members: 0 });
    const taken = await send('POST', base(), { code: 'bls-2031', intakeTerm: '2027-sp' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ fields: Record<string, string> }>().fields.code).toMatch(/already/);
    const badTerm = await send('POST', base(), { code: 'X1', intakeTerm: '2026-winter' });
    expect(badTerm.json<{ fields: Record<string, string> }>().fields.intakeTerm).toBe(
      'A term is written like 2026-fa',
    );

    const list = await send('GET', `${base()}?q=bls-2031&sort=code&dir=asc`);
    expect(list.json<{ items: Cohort[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ id: cohort.id, code: 'BLS-2031' }],
    });

    const edited = await send('PUT', `${base()}/${cohort.id}`, {
      code: 'BLS-2031b',
      intakeTerm: '2027-sp',
      version: cohort.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await send('PUT', `${base()}/${cohort.id}`, {
      code: 'BLS-2031c',
      intakeTerm: '2027-sp',
      version: cohort.version,
    });
    expect(stale.statusCode).toBe(409);

    const deleted = await send('DELETE', `${base()}/${cohort.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await count(`select count(*)::int as n from ba_cohorts where id = $1`, [cohort.id]),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from audit_log where entity_type = 'ba_cohort' and entity_id = $1`,
        [String(cohort.id)],
      ),
    ).toBe(3);
  });

  it('refuses to delete a cohort with students', async () => {
    const cohort = await newCohort();
    expect(
      (await upload(cohort.id, `${HEADER}\n${row({ first: 'Keep', last: 'Member' })}`)).statusCode,
    ).toBe(200);
    const refused = await send('DELETE', `${base()}/${cohort.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await members(cohort.id)).toBe(1);
  });
});

describe('cohort import', () => {
  it('dry run writes nothing; apply enrols active students; the same file again changes nothing', async () => {
    const cohort = await newCohort();
    const csv = [
      HEADER,
      row({ first: 'Neema', last: 'Dryrun', email: 'neema.dry@example.org', birth: '1999-02-03' }),
      row({ first: 'Baraka', last: 'Dryrun', gender: 'male', birth: '1998-04-05', clc: 'amm' }),
      row({ first: 'Chebet', last: 'Dryrun', birth: '1997-06-07', clc: 'ERB' }),
    ].join('\n');
    const before = await snapshot();
    const dry = await upload(cohort.id, csv, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<CohortImportReport>()).toMatchObject({
      dryRun: true,
      rows: 3,
      problems: [],
      added: 3,
      changed: 0,
      unlisted: 0,
      importId: null,
    });
    expect(await snapshot()).toEqual(before);

    const applied = (await upload(cohort.id, csv)).json<CohortImportReport>();
    expect(applied).toMatchObject({ dryRun: false, added: 3, changed: 0 });
    expect(applied.importId).toBeGreaterThan(0);
    expect(await members(cohort.id)).toBe(3);
    const states = await t.database.query<{ state: string; clc: string }>(
      `select e.state::text as state, k.code as clc from ba_cohort_members m
       join enrolments e on e.id = m.enrolment_id join clcs k on k.id = e.clc_id
       where m.cohort_id = $1 order by k.code`,
      [cohort.id],
    );
    expect(states).toEqual([
      { state: 'active', clc: 'AMM' },
      { state: 'active', clc: 'ERB' },
      { state: 'active', clc: 'KAK' },
    ]);
    const [saved] = await t.database.query<{
      sha256: string;
      file_id: string | null;
      added: number;
    }>(`select sha256, file_id, added from ba_cohort_imports where id = $1`, [applied.importId]);
    expect(saved).toMatchObject({ added: 3 });
    expect(saved?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(saved?.file_id).toBeTruthy();
    expect(
      await count(
        `select count(*)::int as n from audit_log where action = 'cohort.imported' and entity_id = $1`,
        [String(cohort.id)],
      ),
    ).toBe(1);

    const after = await snapshot();
    const again = (await upload(cohort.id, csv)).json<CohortImportReport>();
    expect(again).toMatchObject({ dryRun: false, added: 0, changed: 0, unchanged: 3, unlisted: 0 });
    const twice = await snapshot();
    expect({ ...twice, imports: after.imports, files: after.files }).toEqual(after);
  });

  it('diffs against the last import: changed fields, hand edits it would overwrite, people no longer listed', async () => {
    const cohort = await newCohort();
    const people = [
      { first: 'Amani', last: 'Drift', birth: '1996-01-01', email: 'amani.drift@example.org' },
      { first: 'Juma', last: 'Drift', birth: '1996-02-02', phone: '+254712000111' },
      { first: 'Zawadi', last: 'Drift', birth: '1996-03-03' },
      { first: 'Gone', last: 'Drift', birth: '1996-04-04' },
    ];
    expect((await upload(cohort.id, [HEADER, ...people.map(row)].join('\n'))).statusCode).toBe(200);
    // Hand edits since: Juma's phone (the file changes it too), Zawadi's e-mail (the file does not).
    await t.database.query(
      `update users set phone = '+254712999999' where first_name = 'Juma' and last_name = 'Drift'`,
    );
    await t.database.query(
      `update users set email = 'zawadi.new@example.org' where first_name = 'Zawadi' and last_name = 'Drift'`,
    );
    const next = [
      HEADER,
      row({ ...people[0], email: 'amani.new@example.org' }),
      row({ ...people[1], phone: '+254712000222' }),
      row(people[2] ?? {}),
      row({ first: 'Fresh', last: 'Drift', birth: '1996-05-05' }),
    ].join('\n');
    const dry = (await upload(cohort.id, next, { dryRun: true })).json<CohortImportReport>();
    expect(dry).toMatchObject({ added: 1, changed: 2, unchanged: 1, unlisted: 1, overwrites: 1 });
    expect(dry.diff.unlisted).toEqual([expect.objectContaining({ name: 'Gone Drift' })]);
    expect(dry.diff.added).toEqual([expect.objectContaining({ name: 'Fresh Drift', row: 5 })]);
    const changes = Object.fromEntries(dry.diff.changed.map((c) => [c.name, c.changes]));
    expect(changes['Amani Drift']).toEqual([
      {
        field: 'email',
        from: 'amani.drift@example.org',
        to: 'amani.new@example.org',
        manual: null,
      },
    ]);
    expect(changes['Juma Drift']).toEqual([
      { field: 'phone', from: '+254712000111', to: '+254712000222', manual: '+254712999999' },
    ]);

    const applied = (await upload(cohort.id, next)).json<CohortImportReport>();
    expect(applied).toMatchObject({ dryRun: false, added: 1, changed: 2, unlisted: 1 });
    const now = await t.database.query<{
      first_name: string;
      email: string | null;
      phone: string | null;
    }>(`select first_name, email, phone from users where last_name = 'Drift' order by first_name`);
    expect(now).toEqual([
      { first_name: 'Amani', email: 'amani.new@example.org', phone: null },
      { first_name: 'Fresh', email: null, phone: null },
      { first_name: 'Gone', email: null, phone: null },
      { first_name: 'Juma', email: null, phone: '+254712000222' },
      // The hand edit the file did not touch stays.
      { first_name: 'Zawadi', email: 'zawadi.new@example.org', phone: null },
    ]);
    // Unlisted people are reported, not removed.
    expect(await members(cohort.id)).toBe(5);
    // Against this import, Gone is no longer "no longer listed".
    const third = (await upload(cohort.id, next, { dryRun: true })).json<CohortImportReport>();
    expect(third).toMatchObject({ added: 0, changed: 0, unchanged: 4, unlisted: 0 });
  });

  it('writes nothing while any row has a problem, and reports each by row and column', async () => {
    const cohort = await newCohort();
    const before = await snapshot();
    const csv = [
      HEADER,
      row({ first: 'Good', last: 'Rows' }),
      row({ first: '', last: 'Rows', email: 'bad', birth: '2001-02-30', clc: 'DZA' }),
      row({ first: 'Good', last: 'Rows' }),
    ].join('\n');
    const report = (await upload(cohort.id, csv)).json<CohortImportReport>();
    expect(report.dryRun).toBe(true);
    expect(report.problems).toEqual([
      { row: 3, column: 'firstName', message: 'This field must be filled' },
      { row: 3, column: 'email', message: 'Must be a valid E-Mail address' },
      {
        row: 3,
        column: 'birthDate',
        message:
          'Please provide a valid Date. Expected format: YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY.',
      },
      // DZA does not offer the programme.
      { row: 3, column: 'clcCode', message: 'Please select a valid option' },
      { row: 4, column: 'firstName', message: 'The same person as in row 2' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves nothing behind when the apply fails after its first writes', async () => {
    const cohort = await newCohort();
    const before = await snapshot();
    // The import's own record is written after the people, enrolments and changes: fail there.
    await t.database.query(`create or replace function fail_cohort_import() returns trigger
      language plpgsql as $$ begin raise exception 'killed mid-apply'; end $$`);
    await t.database.query(`create trigger fail_cohort_import before insert on ba_cohort_imports
      for each row execute function fail_cohort_import()`);
    try {
      const res = await upload(
        cohort.id,
        [
          HEADER,
          row({ first: 'Killed', last: 'Apply' }),
          row({ first: 'Also', last: 'Apply' }),
        ].join('\n'),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.query(`drop trigger fail_cohort_import on ba_cohort_imports`);
    }
    expect(await snapshot()).toEqual(before);
    expect(await count(`select count(*)::int as n from users where last_name = 'Apply'`)).toBe(0);
  });

  it('needs BA_COHORT__IMPORT; CLC-bound readers see their CLCs only', async () => {
    const cohort = await newCohort();
    await upload(
      cohort.id,
      [
        HEADER,
        row({ first: 'Kak', last: 'Scope' }),
        row({ first: 'Amm', last: 'Scope', clc: 'AMM' }),
      ].join('\n'),
    );
    const csv = `${HEADER}\n${row({ first: 'No', last: 'Right' })}`;
    for (const user of ['lead_coordinator', 'coordinator', 'university_representative'])
      expect((await upload(cohort.id, csv, { user })).statusCode, user).toBe(403);
    // The academic manager holds the import right, and with it may make the file's people
    // students (the grant rule of 0015 names BA_COHORT__IMPORT).
    const managerDry = await upload(cohort.id, csv, { user: 'academic_manager', dryRun: true });
    expect(managerDry.json<CohortImportReport>()).toMatchObject({ added: 1, problems: [] });
    const managerApplied = await upload(cohort.id, csv, { user: 'academic_manager' });
    expect(managerApplied.statusCode).toBe(200);
    expect(managerApplied.json<CohortImportReport>()).toMatchObject({ added: 1 });
    const lead = await send(
      'GET',
      `${base()}?q=${encodeURIComponent(cohort.code)}`,
      undefined,
      'lead_coordinator',
    );
    expect(lead.statusCode).toBe(200);
    // The lead coordinator works at KAK (and DZA): the two KAK students count for them, the AMM
    // one does not.
    expect(lead.json<{ items: Cohort[] }>().items[0]?.members).toBe(2);
    const manager = await send('GET', `${base()}/${cohort.id}`);
    expect(manager.json<Cohort>().members).toBe(3);
    // A bachelor programme offered only at AMM is out of the lead coordinator's reach.
    const [other] = await t.database.query<{ id: number }>(
      `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
       values ('bachelor', '598', 'Scope test', 'Bachelor scope test', '2025-01-01', '2028-12-31', 'running')
       returning id`,
    );
    await t.database.query(
      `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'AMM'`,
      [other?.id],
    );
    const outOfReach = await send(
      'GET',
      `/api/en/programme/bachelor/${String(other?.id)}/cohorts`,
      undefined,
      'lead_coordinator',
    );
    expect(outOfReach.statusCode).toBe(404);
  });
});
