import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { CertificateExportStatus, EnrolmentActionResult } from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  enrolmentsOf,
  noisyJpeg,
  programmeIdOf,
  readZip,
  setClcImage,
} from './certificates.fixtures';

// This app works its job queue itself, as `npm start` does (the other test apps do not).
let t: TestApp;
let admin: { authorization: string };
let programmeId: number;
let total: number;

beforeAll(async () => {
  t = await buildTestApp({ LANTERN_WORKERS: '1' });
  admin = await t.as('admin');
  programmeId = await programmeIdOf(t, '214');
  await setClcImage(t, 'KAK', 'logo', await noisyJpeg(900, 300), 'image/jpeg');
  // Ten more passed students at KAK, so that the programme has more than 20 certificates.
  await t.database.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, uc.clc_id, 'completed' from users u
     join user_roles ur on ur.user_id = u.jwl_id and ur.role_key = 'STUDENT'
     join user_clcs uc on uc.user_id = u.jwl_id
     join clcs c on c.id = uc.clc_id and c.code = 'KAK'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id and e.programme_id = $1)
     order by u.jwl_id limit 10`,
    [programmeId],
  );
  const issued = await t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
    headers: admin,
    payload: {},
  });
  expect(issued.json<EnrolmentActionResult>().done).toHaveLength(10);
  total = (await enrolmentsOf(t, programmeId)).filter((r) => r.certificate_id).length;
  expect(total).toBeGreaterThan(20);
});
afterAll(async () => t.close());

async function startExport(format: 'zip' | 'pdf'): Promise<CertificateExportStatus> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
    headers: admin,
    payload: { format },
  });
  expect(res.statusCode).toBe(202);
  return res.json<CertificateExportStatus>();
}

/** Polls the job until it ends; every status seen on the way. */
async function follow(jobId: string): Promise<CertificateExportStatus[]> {
  const seen: CertificateExportStatus[] = [];
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const res = await t.app.inject({ url: `/api/en/certificate-exports/${jobId}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const status = res.json<CertificateExportStatus>();
    seen.push(status);
    if (status.state === 'done' || status.state === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The job did not finish: ${JSON.stringify(seen.at(-1))}`);
}

describe('a large export runs as a job', () => {
  it('queues more than 20, reports progress up to done, and stores the ZIP', async () => {
    const started = await startExport('zip');
    expect(started).toMatchObject({ state: 'queued', done: 0, total, failed: [] });
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);

    const seen = await follow(started.jobId ?? '');
    const last = seen.at(-1);
    expect(last).toMatchObject({ state: 'done', done: total, total, failed: [] });
    // Progress only moves forward, and the job was seen before it ended.
    const done = seen.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.some((s) => s.state === 'running' && s.done > 0 && s.done < total)).toBe(true);

    const file = await t.app.inject({ url: last?.downloadUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="certificates-214.zip"; filename*=UTF-8''certificates-214.zip`,
    );
    const entries = readZip(file.rawPayload);
    expect(entries).toHaveLength(total);
    expect(entries.every((e) => e.data.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });

  it('merges more than 20 into one PDF with a page each', async () => {
    const started = await startExport('pdf');
    const last = (await follow(started.jobId ?? '')).at(-1);
    expect(last?.state).toBe('done');
    const file = await t.app.inject({ url: last?.downloadUrl ?? '' });
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(total);
  });

  it('lists the certificates that fail and still makes the others', async () => {
    await setClcImage(t, 'AMM', 'logo', Buffer.from('not an image'), 'image/jpeg');
    await t.database.query('update certificates set file_id = null');
    const amm = (await enrolmentsOf(t, programmeId)).filter(
      (r) => r.certificate_id && r.clc_code === 'AMM',
    );
    expect(amm.length).toBeGreaterThan(0);
    const started = await startExport('zip');
    const last = (await follow(started.jobId ?? '')).at(-1);
    expect(last).toMatchObject({ state: 'done', done: total - amm.length, total });
    expect(last?.failed.map((f) => f.enrolmentId).sort()).toEqual(amm.map((r) => r.id).sort());
    expect(last?.failed.every((f) => f.error === 'The CLC’s logo could not be read.')).toBe(true);
  });

  it('answers 404 for a job that does not exist', async () => {
    const res = await t.app.inject({
      url: '/api/en/certificate-exports/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});
