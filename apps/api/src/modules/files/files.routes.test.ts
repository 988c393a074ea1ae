import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { insertFile } from '../../lib/files';

describe('GET /api/files/:id', () => {
  let t: TestApp;
  const data = randomBytes(5000);
  let pdfId: string;
  let zipId: string;

  const store = async (mime: string, kind: string) => {
    const { storageKey, sha256 } = await t.deps.files.put(data);
    return insertFile(t.deps.db, {
      ownerId: null,
      kind,
      mime,
      size: data.length,
      sha256,
      storageKey,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    pdfId = await store('application/pdf', 'course-document');
    zipId = await store('application/zip', 'submission');
    // The name it was uploaded under is the name it downloads as.
    await t.database.query(
      `insert into uploads (owner_id, purpose, filename, declared_size, "offset", storage_key, completed_at, file_id, expires_at)
       select jwl_id, 'submission', 'Übung 3.zip', 5000, 5000, 'k', now(), $1, now() from users where username = 'student'`,
      [zipId],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the whole file, a range with 206, and 416 outside it', async () => {
    const url = t.deps.files.signedUrl(pdfId);
    let res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('5000');

    res = await get(url, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/5000');
    expect(res.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    res = await get(url, { range: 'bytes=-50' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(data.subarray(4950))).toBe(true);

    res = await get(url, { range: 'bytes=5000-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */5000');
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('shows a PDF inline only through an inline link, framed by our pages only', async () => {
    let res = await get(t.deps.files.signedUrl(pdfId, { inline: true }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');

    res = await get(t.deps.files.signedUrl(pdfId));
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-frame-options']).toBe('DENY');

    // The flag is signed: added to a plain link, the link no longer holds.
    res = await get(`${t.deps.files.signedUrl(pdfId)}&inline=1`);
    expect(res.statusCode).toBe(403);
  });

  it('sends anything else as an attachment under its own name, even through an inline link', async () => {
    const res = await get(t.deps.files.signedUrl(zipId, { inline: true }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_bung 3.zip"; filename*=UTF-8''%C3%9Cbung%203.zip`,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
