import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Reshaping the house (issues 28 and 29) changes no behaviour: the API's OpenAPI document and
 * its route table — every route with the access it declares and the programme type it answers
 * for — stay as they were when that work began, byte for byte. The snapshots were written from
 * the code before anything moved; `LANTERN_WRITE_SNAPSHOTS=1` writes them anew, for a change
 * that means to alter the API (say so in its commit).
 */

const OPENAPI = new URL('./snapshots/openapi.txt', import.meta.url);
const ROUTES = new URL('./snapshots/routes.txt', import.meta.url);
const write = process.env.LANTERN_WRITE_SNAPSHOTS === '1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/**
 * The document as served, with the app's version (which a release changes) left out: its frame
 * on the first line, then one line for each operation, so a difference names the operation.
 */
async function openApiText(): Promise<string> {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const { paths, ...frame } = res.json<{
    info: { version: string };
    paths: Record<string, Record<string, unknown>>;
  }>();
  frame.info.version = '(the app version)';
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => `${method} ${path} ${JSON.stringify(op)}`),
  );
  return `${JSON.stringify(frame)}\n${operations.join('\n')}\n`;
}

/** One line a route: method, address, declared access, programme type; sorted. */
function routeTable(): string {
  const lines = t.routes.map((r) => {
    const access =
      r.access === undefined
        ? 'UNDECLARED'
        : typeof r.access === 'string'
          ? r.access
          : r.access.right;
    return `${r.method} ${r.url} ${access}${r.programme ? ` ${r.programme}` : ''}`;
  });
  return `${[...new Set(lines)].sort().join('\n')}\n`;
}

function holds(file: URL, now: string) {
  if (write) writeFileSync(file, now);
  // Compared as text, so a failure shows the lines that changed.
  expect(now).toBe(readFileSync(file, 'utf8'));
}

describe('the API the house was reshaped around', () => {
  it('serves the same OpenAPI document', async () => {
    holds(OPENAPI, await openApiText());
  });

  it('has the same routes, each declaring the same access', () => {
    holds(ROUTES, routeTable());
  });
});
