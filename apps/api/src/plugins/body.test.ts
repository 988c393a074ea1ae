import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('bodies the server cannot read', () => {
  it('answers a cut-short or malformed multipart body with a 400 that says so', async () => {
    const headers = await t.as('admin');
    for (const payload of [
      '--abc\r\ncontent-disposition: form-data; name="a"\r\n\r\nvalue',
      'not multipart at all',
      '--abc\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\ncontent-type: text/csv\r\n\r\nabc',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/en/programme/professional-certificate/1/applicants/import?dryRun=true',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/could not be read/);
    }
  });
});
