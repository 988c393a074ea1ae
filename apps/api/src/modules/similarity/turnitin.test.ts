import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../test/teaching-fixture';
import { pollCheck, runCheck } from './checks.service';
import { signBody } from './turnitin-provider';
import { startTurnitinStandIn, type StandIn } from './turnitin-stand-in';

/**
 * The outside provider (decision 0020 §5.4) against a stand-in on loopback that this file
 * starts and stops: pending twice then done, refusals retried, and the signed callback.
 */

const KEY = 'stand-in-api-key';
const SECRET = 'a-webhook-secret-of-some-length';
let t: TestApp;
let f: TeachingFixture;
let standIn: StandIn;

const checkOf = async (id: number) => {
  const [row] = await t.database.query<{
    status: string;
    score: string | null;
    external_id: string | null;
    report_url: string | null;
    error: string | null;
  }>(`select status, score, external_id, report_url, error from similarity_checks where id = $1`, [
    id,
  ]);
  return row;
};

async function queued(text: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `with s as (
       insert into submissions (item_id, student_id, course_id, attempt, status, is_latest, text, word_count, item_version, submitted_at)
       values ($1, $2, $3, (select coalesce(max(attempt), 1) + 1 from submissions where item_id = $1 and student_id = $2),
               'submitted', false, $4, 3, 1, now()) returning id)
     insert into similarity_checks (submission_id, item_id, course_id, provider)
     select s.id, $1, $3, 'turnitin' from s returning id::int as id`,
    [f.textTask, f.students.k1[1], f.courseId, text],
  );
  return row?.id ?? 0;
}

beforeAll(async () => {
  standIn = await startTurnitinStandIn(KEY);
  t = await buildTestApp({
    LANTERN_SIMILARITY_PROVIDER: 'turnitin',
    TURNITIN_URL: standIn.url,
    TURNITIN_API_KEY: KEY,
    TURNITIN_WEBHOOK_SECRET: SECRET,
  });
  f = await makeTeachingFixture(t, '962');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('an outside similarity service', () => {
  it('takes the work, answers pending twice, then a score and a report link', async () => {
    const id = await queued('An essay sent to the outside service.');
    expect(await runCheck(t.deps, id, { final: false })).toBe('pending');
    const pending = await checkOf(id);
    expect(pending?.status).toBe('running');
    expect(standIn.received.at(-1)).toMatchObject({
      text: 'An essay sent to the outside service.',
      files: 0,
    });
    expect(await pollCheck(t.deps, id)).toBe(true);
    expect(await pollCheck(t.deps, id)).toBe(true);
    expect(await pollCheck(t.deps, id)).toBe(false);
    const done = await checkOf(id);
    expect(done?.status).toBe('done');
    expect(Number(done?.score)).toBe(37);
    expect(done?.report_url).toMatch(/^https:\/\/reports\.example\//);
  });

  it('retries a refusal, and fails the check on the last try', async () => {
    standIn.mode = 'error';
    const id = await queued('Refused at first.');
    await expect(runCheck(t.deps, id, { final: false })).rejects.toThrow(
      'refused the request (503)',
    );
    expect((await checkOf(id))?.status).toBe('queued');
    standIn.mode = 'ok';
    expect(await runCheck(t.deps, id, { final: false })).toBe('pending');
    standIn.mode = 'error';
    const last = await queued('Refused to the end.');
    expect(await runCheck(t.deps, last, { final: true })).toBe('failed');
    expect((await checkOf(last))?.error).toContain('refused');
    standIn.mode = 'ok';
  });

  it('completes a check by its signed callback, refuses an unsigned one, and ignores a repeat', async () => {
    standIn.pendingPolls = 100;
    const id = await queued('Finished by the callback.');
    await runCheck(t.deps, id, { final: false });
    const externalId = (await checkOf(id))?.external_id ?? '';
    const body = JSON.stringify({
      id: externalId,
      status: 'COMPLETE',
      overall_match_percentage: 12.5,
      report_url: 'https://reports.example/x',
    });
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/public-api/1.0/similarity/turnitin/callback',
        headers: { 'content-type': 'application/json', 'x-turnitin-signature': signature },
        payload: body,
      });
    expect((await send('0'.repeat(64))).statusCode).toBe(401);
    expect((await send(signBody('another-secret-entirely', body))).statusCode).toBe(401);
    expect((await checkOf(id))?.status).toBe('running');
    expect((await send(signBody(SECRET, body))).statusCode).toBe(204);
    expect(Number((await checkOf(id))?.score)).toBe(12.5);
    expect((await send(signBody(SECRET, body))).statusCode).toBe(204);
    expect((await checkOf(id))?.status).toBe('done');
  });
});
