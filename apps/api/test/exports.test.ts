import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Issue 14, point 6: an export's filter with a NUL byte passed validation, the database refused
 * it after the headers were sent, and the client got a 200 cut short. Every export × text
 * filter is asked here through a real HTTP client against a listening app.
 */

let t: TestApp;
let origin: string;
let headers: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  headers = await t.as('super_admin');
});
afterAll(async () => t.close());

/** The 14 export × text filter pairs of the issue, with the field's label in the answer. */
const PAIRS: { path: string; param: string; label: string }[] = [
  ...['student', 'facilitator', 'coordinator', 'user'].flatMap((kind) => [
    { path: `/api/en/${kind}/export`, param: 'q', label: 'search' },
    { path: `/api/en/${kind}/export`, param: 'role', label: 'role' },
  ]),
  { path: '/api/en/clc-partner/export', param: 'q', label: 'search' },
  { path: '/api/en/user-data-checker/phone-numbers/export', param: 'q', label: 'search' },
  { path: '/api/en/audit-log/export', param: 'user', label: 'user' },
  { path: '/api/en/audit-log/export', param: 'entityType', label: 'entity type' },
  { path: '/api/en/audit-log/export', param: 'entityId', label: 'entity ID' },
  { path: '/api/en/audit-log/export', param: 'action', label: 'action' },
];

describe('exports with a filter no text may hold', () => {
  it('answer 400 with a sentence naming the field, before anything is streamed', async () => {
    expect(PAIRS).toHaveLength(14);
    for (const { path, param, label } of PAIRS) {
      for (const format of ['csv', 'xlsx']) {
        for (const value of ['%00', 'Amina%00', '%1B%5B31m']) {
          const url = `${origin}${path}/${format}?${param}=${value}`;
          const res = await fetch(url, { headers });
          const body = await res.text(); // rejects when the answer is cut short
          expect(res.status, `${url}: ${body}`).toBe(400);
          expect(res.headers.get('content-disposition'), url).toBeNull();
          expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
          const error = JSON.parse(body) as { detail: string; fields: Record<string, string> };
          expect(error.detail, url).toMatch(
            new RegExp(`^The ${label} contains an invisible control character`),
          );
          expect(Object.keys(error.fields), url).toEqual([param]);
        }
      }
    }
  });

  it('answer as the list does: the list refuses the same filter with the same 400', async () => {
    for (const { path, param } of PAIRS) {
      const list = path.replace(/\/export$/, '');
      const [fromList, fromExport] = await Promise.all(
        [list, `${path}/csv`].map((p) =>
          fetch(`${origin}${p}?${param}=%00`, { headers }).then(async (r) => ({
            status: r.status,
            body: await r.text(),
          })),
        ),
      );
      expect(fromExport, path).toEqual(fromList);
    }
  });

  it('still stream a whole file for a filter with ordinary text', async () => {
    for (const { path, param } of PAIRS) {
      const res = await fetch(`${origin}${path}/csv?${param}=a`, { headers });
      expect(res.status, path).toBe(200);
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      expect(text.startsWith('\uFEFF"'), path).toBe(true);
      expect(text.endsWith('\r\n'), path).toBe(true);
    }
  });
});
