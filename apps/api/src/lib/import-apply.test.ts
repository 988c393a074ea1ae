import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgrammeResults } from '@lantern/contracts/results';
import type { TestApp } from '../../test/helpers';
import type * as PipelineModule from './import-pipeline';

type Pipeline = typeof PipelineModule;

// The crash tests of enrolments.import-steps.test.ts, for the cohort and results imports: one
// step fails, and the cleanup is skipped the way a dead process would skip it.
vi.mock('./import-pipeline', async (importOriginal) => {
  const real = await importOriginal<Pipeline>();
  return {
    ...real,
    withImportRun: vi.fn(real.withImportRun),
    stageRows: vi.fn(real.stageRows),
    markApplied: vi.fn(real.markApplied),
  };
});
const real = await vi.importActual<Pipeline>('./import-pipeline');
// A fresh registry makes the app import the mocked pipeline (see the applicant crash tests).
vi.resetModules();
const pipeline = await import('./import-pipeline');
const { buildTestApp, multipart } = await import('../../test/helpers');

let t: TestApp;
let bachelorId = 0;
let resultsId = 0;
/** A running programme at KAK with one course, pass at 60 of 100, and two active students. */
beforeAll(async () => {
  t = await buildTestApp();
  const [ba] = await t.database.query<{ id: number }>(
    `select id from programmes where type = 'bachelor' and code = '512'`,
  );
  bachelorId = ba?.id ?? 0;
  const [schema] = await t.database.query<{ id: number }>(
    `insert into grading_schemas (name, scale_max, pass_mark, bands)
     values ('Crash test', 100, 60, '[{"label":"Pass","min":60},{"label":"Fail","min":0}]')
     returning id`,
  );
  const [programme] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', '903', 'Crash test', 'Crash test', '2026-01-01', '2026-12-31', 'running', $1)
     returning id`,
    [schema?.id],
  );
  resultsId = programme?.id ?? 0;
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [resultsId],
  );
  await t.database.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'C1', 'Course C', 4, 0)`,
    [resultsId],
  );
  await t.database.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, uc.clc_id, 'active'
     from users u join user_clcs uc on uc.user_id = u.jwl_id join clcs c on c.id = uc.clc_id and c.code = 'KAK'
     join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     order by u.jwl_id limit 2`,
    [resultsId],
  );
});
afterAll(async () => t.close());

const post = async (url: string, csv: string) => {
  const body = multipart(
    {},
    { file: { name: 'file.csv', type: 'text/csv', data: Buffer.from(csv) } },
  );
  return t.app.inject({
    method: 'POST',
    url: `${url}?dryRun=false`,
    headers: { ...(await t.as('admin')), ...body.headers },
    payload: body.payload,
  });
};

const count = async (query: string, params: unknown[] = []) =>
  (await t.database.query<{ n: number }>(query, params))[0]?.n ?? -1;
const staged = () => count(`select count(*)::int as n from import_staged_rows`);
const runs = async (programmeId: number) =>
  (
    await t.database.query<{ state: string }>(
      `select state from import_runs where programme_id = $1 order by id`,
      [programmeId],
    )
  ).map((r) => r.state);
const audits = (action: string, entityId: number) =>
  count(`select count(*)::int as n from audit_log where action = $1 and entity_id = $2`, [
    action,
    String(entityId),
  ]);
/** What a dead process leaves: its run still staging, last touched a minute ago. */
const leftByAnotherProcess = async (programmeId: number) =>
  t.database.query(
    `update import_runs set owner = 'a process that died', touched_at = now() - interval '1 minute'
     where programme_id = $1 and state = 'staging'`,
    [programmeId],
  );
/** The next run's process dies inside its work: the run is never cleared. */
const dieWithoutCleanup = () =>
  vi
    .mocked(pipeline.withImportRun)
    .mockImplementationOnce(async (db, auth, input, work) =>
      work(await real.beginRun(db, auth, input)),
    );

// ------------------------------------------------------------------------------- cohort import

let serial = 0;
const newCohort = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/en/programme/bachelor/${bachelorId}/cohorts`,
    headers: await t.as('academic_manager'),
    payload: {
      code: `CR${String((serial += 1))}-${String(Date.now() % 100000)}`,
      intakeTerm: '2026-fa',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>();
};
const cohortFile = (mark: string, n: number) =>
  [
    'firstName,lastName,birthDate,gender,clcCode',
    ...Array.from(
      { length: n },
      (_, i) => `Person${String(i)},${mark},19${String(70 + (i % 30))}-01-15,f,KAK`,
    ),
  ].join('\n');
const importCohort = (cohortId: number, csv: string) =>
  post(`/api/en/programme/bachelor/${bachelorId}/cohorts/${cohortId}/import`, csv);
const members = (cohortId: number) =>
  count(`select count(*)::int as n from ba_cohort_members where cohort_id = $1`, [cohortId]);
const people = (mark: string) =>
  count(`select count(*)::int as n from users where last_name = $1`, [mark]);

describe('a cohort import in bounded steps', () => {
  it('a crash while staging leaves nothing visible; the next run starts clean and imports whole', async () => {
    const cohort = await newCohort();
    dieWithoutCleanup();
    vi.mocked(pipeline.stageRows).mockImplementationOnce(async (db, run, payloads) => {
      await real.stageRows(db, run, payloads.slice(0, 10));
      throw new Error('The process died.');
    });
    const crashed = await importCohort(cohort.id, cohortFile('Cohortstage', 25));
    expect(crashed.statusCode).toBe(500);
    expect(await staged()).toBe(10);
    expect(await people('Cohortstage')).toBe(0);
    expect(await members(cohort.id)).toBe(0);
    expect(await runs(bachelorId)).toEqual(['staging']);

    await leftByAnotherProcess(bachelorId);
    const again = await importCohort(cohort.id, cohortFile('Cohortstage', 25));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ dryRun: false, added: 25, problems: [] });
    expect(await people('Cohortstage')).toBe(25);
    expect(await members(cohort.id)).toBe(25);
    expect(await runs(bachelorId)).toEqual(['abandoned', 'applied']);
    expect(await staged()).toBe(0);
  });

  it('a crash in the final transaction leaves nothing visible and its staged rows cleared', async () => {
    const cohort = await newCohort();
    const before = await runs(bachelorId);
    vi.mocked(pipeline.markApplied).mockImplementationOnce(async () => {
      throw new Error('The process died.');
    });
    const crashed = await importCohort(cohort.id, cohortFile('Cohortfinal', 12));
    expect(crashed.statusCode).toBe(500);
    expect(await people('Cohortfinal')).toBe(0);
    expect(await members(cohort.id)).toBe(0);
    expect(
      await count(`select count(*)::int as n from ba_cohort_imports where cohort_id = $1`, [
        cohort.id,
      ]),
    ).toBe(0);
    expect(await audits('cohort.imported', cohort.id)).toBe(0);
    expect(await runs(bachelorId)).toEqual([...before, 'abandoned']);
    expect(await staged()).toBe(0);

    const again = await importCohort(cohort.id, cohortFile('Cohortfinal', 12));
    expect(again.statusCode, again.body).toBe(200);
    expect(await members(cohort.id)).toBe(12);
    expect(await audits('cohort.imported', cohort.id)).toBe(1);
  });

  it('one import at a time per programme: 409 with a sentence', async () => {
    const cohort = await newCohort();
    await t.database.query(
      `insert into import_runs (kind, programme_id, started_by, sha256, owner)
       values ('cohort', $1, 1, 'x', 'another process')`,
      [bachelorId],
    );
    const busy = await importCohort(cohort.id, cohortFile('Cohortbusy', 3));
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ detail: string }>().detail).toBe(pipeline.IMPORT_BUSY.programme);
    expect(await people('Cohortbusy')).toBe(0);
    await t.database.query(
      `update import_runs set touched_at = now() - interval '1 minute' where state = 'staging'`,
    );
  });
});

// ------------------------------------------------------------------------------ results import

const results = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/en/programme/professional-certificate/${String(resultsId)}/results`,
    headers: await t.as('admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProgrammeResults>();
};
const resultsFile = async (score: number) =>
  [
    'jwlId,C1',
    ...(await results()).students.map((s) => `${String(s.studentId)},${String(score)}`),
  ].join('\n');
const importResults = (csv: string) =>
  post(`/api/en/programme/professional-certificate/${String(resultsId)}/results/import`, csv);
const scores = async () => (await results()).students.map((s) => Object.values(s.scores));

describe('a results import in bounded steps', () => {
  it('a crash while staging, or in the final transaction, leaves every score as it was', async () => {
    const before = await scores();
    dieWithoutCleanup();
    vi.mocked(pipeline.stageRows).mockImplementationOnce(async (db, run, payloads) => {
      await real.stageRows(db, run, payloads.slice(0, 1));
      throw new Error('The process died.');
    });
    expect((await importResults(await resultsFile(71))).statusCode).toBe(500);
    expect(await staged()).toBe(1);
    expect(await scores()).toEqual(before);
    expect(await runs(resultsId)).toEqual(['staging']);
    await leftByAnotherProcess(resultsId);

    vi.mocked(pipeline.markApplied).mockImplementationOnce(async () => {
      throw new Error('The process died.');
    });
    expect((await importResults(await resultsFile(72))).statusCode).toBe(500);
    expect(await scores()).toEqual(before);
    expect(await audits('results.imported', resultsId)).toBe(0);
    expect(await runs(resultsId)).toEqual(['abandoned', 'abandoned']);
    expect(await staged()).toBe(0);

    const again = await importResults(await resultsFile(73));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ dryRun: false, scores: 2, problems: [] });
    expect(await scores()).toEqual([[73], [73]]);
    expect(await runs(resultsId)).toEqual(['abandoned', 'abandoned', 'applied']);
    expect(await audits('results.imported', resultsId)).toBe(1);
  });

  it('one import at a time per person: 409 with a sentence', async () => {
    const [admin] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'admin'`,
    );
    await t.database.query(
      `insert into import_runs (kind, programme_id, started_by, sha256, owner)
       values ('results', $1, $2, 'x', 'another process')`,
      [resultsId + 1_000_000, admin?.id],
    );
    const busy = await importResults(await resultsFile(50));
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ detail: string }>().detail).toBe(pipeline.IMPORT_BUSY.person);
    expect(await scores()).toEqual([[73], [73]]);
  });
});
