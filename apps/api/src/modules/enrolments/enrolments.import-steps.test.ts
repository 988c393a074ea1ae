import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import type { Fixtures } from './enrolments.fixtures';
import type * as PipelineModule from '../../lib/import-pipeline';

type Pipeline = typeof PipelineModule;

// A crash is the process dying mid-import: no cleanup runs. These tests make one step fail and
// skip the cleanup the way a dead process would, through the pipeline's own exports.
vi.mock('../../lib/import-pipeline', async (importOriginal) => {
  const real = await importOriginal<Pipeline>();
  return {
    ...real,
    withImportRun: vi.fn(real.withImportRun),
    stageRows: vi.fn(real.stageRows),
    markApplied: vi.fn(real.markApplied),
  };
});
const real = await vi.importActual<Pipeline>('../../lib/import-pipeline');
// The suite's files share one module registry (isolate: false): an earlier file may have loaded
// the real pipeline and the app on it. A fresh registry makes the app import the mocked one.
vi.resetModules();
const pipeline = await import('../../lib/import-pipeline');
const { buildTestApp, multipart } = await import('../../../test/helpers');
const { fixtures } = await import('./enrolments.fixtures');

let t: TestApp;
let f: Fixtures;
beforeAll(async () => {
  t = await buildTestApp();
  f = fixtures(t);
});
afterAll(async () => t.close());

const upload = async (programmeId: number, csv: string, user = 'coordinator') => {
  const body = multipart(
    {},
    { file: { name: 'applicants.csv', type: 'text/csv', data: Buffer.from(csv) } },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/applicants/import?dryRun=false`,
    headers: { ...(await t.as(user)), ...body.headers },
    payload: body.payload,
  });
};

const count = async (query: string, params: unknown[] = []) =>
  (await t.database.query<{ n: number }>(query, params))[0]?.n ?? -1;

/** A file of `n` new people, their last name marking them as this file's. */
const roster = (mark: string, n: number) =>
  [
    'firstName,lastName,birthDate,gender,clcCode',
    ...Array.from(
      { length: n },
      (_, i) => `Person${String(i)},${mark},19${String(70 + (i % 30))}-01-15,f,KAK`,
    ),
  ].join('\n');
const people = (mark: string) =>
  count(`select count(*)::int as n from users where last_name = $1`, [mark]);
const applicants = (programmeId: number) =>
  count(`select count(*)::int as n from enrolments where programme_id = $1`, [programmeId]);
const staged = () => count(`select count(*)::int as n from import_staged_rows`);
const runs = async (programmeId: number) =>
  (
    await t.database.query<{ id: number; state: string }>(
      `select id, state from import_runs where programme_id = $1 order by id`,
      [programmeId],
    )
  ).map((r) => r.state);
const jwlIdOf = async (username: string) =>
  count(`select jwl_id as n from users where username = $1`, [username]);

/** What a dead process leaves: its run still staging, last touched a minute ago. */
const leftByAnotherProcess = async (programmeId: number) =>
  t.database.query(
    `update import_runs set owner = 'a process that died', touched_at = now() - interval '1 minute'
     where programme_id = $1 and state = 'staging'`,
    [programmeId],
  );

describe('an import in bounded steps', () => {
  it('a crash while staging leaves nothing visible; the next run starts clean and imports whole', async () => {
    const programme = await f.programme('applying');
    vi.mocked(pipeline.withImportRun).mockImplementationOnce(async (db, auth, input, work) =>
      // The process dies inside `work`: the run is never cleared.
      work(await real.beginRun(db, auth, input)),
    );
    vi.mocked(pipeline.stageRows).mockImplementationOnce(async (db, run, payloads) => {
      await real.stageRows(db, run, payloads.slice(0, 20));
      throw new Error('The process died.');
    });
    const crashed = await upload(programme.id, roster('Crashstage', 40));
    expect(crashed.statusCode).toBe(500);
    // Staged, but nothing of the file is visible.
    expect(await staged()).toBe(20);
    expect(await people('Crashstage')).toBe(0);
    expect(await applicants(programme.id)).toBe(0);
    expect(await runs(programme.id)).toEqual(['staging']);

    await leftByAnotherProcess(programme.id);
    const again = await upload(programme.id, roster('Crashstage', 40));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ dryRun: false, created: 40, problems: [] });
    expect(await people('Crashstage')).toBe(40);
    expect(await applicants(programme.id)).toBe(40);
    expect(await runs(programme.id)).toEqual(['abandoned', 'applied']);
    expect(await staged()).toBe(0);
  });

  it('a crash in the final transaction leaves nothing visible and its staged rows cleared', async () => {
    const programme = await f.programme('applying');
    vi.mocked(pipeline.markApplied).mockImplementationOnce(async () => {
      throw new Error('The process died.');
    });
    const crashed = await upload(programme.id, roster('Crashfinal', 30));
    expect(crashed.statusCode).toBe(500);
    expect(await people('Crashfinal')).toBe(0);
    expect(await applicants(programme.id)).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from audit_log where action = 'applicants.imported' and entity_id = $1`,
        [String(programme.id)],
      ),
    ).toBe(0);
    expect(await runs(programme.id)).toEqual(['abandoned']);
    expect(await staged()).toBe(0);

    const again = await upload(programme.id, roster('Crashfinal', 30));
    expect(again.statusCode, again.body).toBe(200);
    expect(await people('Crashfinal')).toBe(30);
    // A re-run stages nothing: everyone is an applicant already.
    const rerun = await upload(programme.id, roster('Crashfinal', 30));
    expect(rerun.json()).toMatchObject({ created: 0, alreadyApplied: 30 });
    expect(await people('Crashfinal')).toBe(30);
  });

  it('one import at a time per programme and per person: 409 with a sentence', async () => {
    const programme = await f.programme('applying');
    const other = await f.programme('applying');
    const coordinator = await jwlIdOf('coordinator');
    // Another process is importing into this programme (and is alive: touched just now).
    await t.database.query(
      `insert into import_runs (kind, programme_id, started_by, sha256, owner)
       values ('applicants', $1, $2, 'x', 'another process')`,
      [programme.id, coordinator + 1_000_000],
    );
    const busy = await upload(programme.id, roster('Busyprogramme', 3));
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ detail: string }>().detail).toBe(pipeline.IMPORT_BUSY.programme);
    expect(await people('Busyprogramme')).toBe(0);

    // The same person importing elsewhere: refused for them, not for the programme.
    await t.database.query(
      `insert into import_runs (kind, programme_id, started_by, sha256, owner)
       values ('applicants', $1, $2, 'x', 'another process')`,
      [other.id + 1_000_000, coordinator],
    );
    const mine = await upload(other.id, roster('Busyperson', 3));
    expect(mine.statusCode).toBe(409);
    expect(mine.json<{ detail: string }>().detail).toBe(pipeline.IMPORT_BUSY.person);
    expect(await people('Busyperson')).toBe(0);

    // Once those runs are cut off (untouched for longer than the stale time), imports go on.
    await t.database.query(
      `update import_runs set touched_at = now() - interval '1 minute' where state = 'staging'`,
    );
    const later = await upload(other.id, roster('Busyperson', 3));
    expect(later.statusCode, later.body).toBe(200);
    expect(await people('Busyperson')).toBe(3);
  });
});
