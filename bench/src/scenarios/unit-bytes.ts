import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '@lantern/contracts/constants';
import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  compressionNote,
  entryJson,
  entryLine,
  kb,
  measurePage,
  sum,
  type Entry,
} from '../lib/page-bytes';
import { ensureBuilt, startApp } from '../lib/processes';
import { log, result } from '../lib/report';

// The student unit page's first visit (issue 15: "≤ 150 KB compressed (JS+CSS+HTML), editor and
// previewers lazy"). Signing in is not part of it: the session is put into local storage where
// the app keeps it (apps/web/src/lib/storage.ts), and the browser context starts with an empty
// HTTP cache, as on a device whose learner signed in and then opens a unit from a link.

const TARGET_KB = 150;
const STUDENT = 'student';
const COURSE_CODE = 'BUS101';
/** How many responses the output lists one by one (all of them are in latest.json). */
const LISTED = 20;

type MenuNode = { path?: string | null; children?: MenuNode[] };
type Itinerary = {
  courses: {
    code: string;
    units: { id: number; title: string; availability: string }[];
  }[];
};

const isCode = (e: Entry): boolean =>
  e.contentType === 'text/html' ||
  e.contentType === 'text/css' ||
  e.contentType.endsWith('/javascript');

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${String(response.status)}.`);
  return (await response.json()) as T;
}

/** The first open unit of BUS101 among the programmes in the student's own menu. */
async function findUnit(baseUrl: string, token: string): Promise<{ id: number; title: string }> {
  const { menu } = await getJson<{ menu: MenuNode[] }>(
    `${baseUrl}/api/general/current-user/lms`,
    token,
  );
  const programmes: string[] = [];
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      const match = /^concentration_home\/(\d+)$/.exec(node.path ?? '');
      if (match?.[1]) programmes.push(match[1]);
      visit(node.children ?? []);
    }
  };
  visit(menu);
  for (const programme of programmes) {
    const itinerary = await getJson<Itinerary>(
      `${baseUrl}/api/en/lms/concentration/${programme}/itinerary`,
      token,
    );
    const unit = itinerary.courses
      .find((c) => c.code === COURSE_CODE)
      ?.units.find((u) => u.availability === 'open');
    if (unit) return unit;
  }
  throw new Error(
    `The demo ${STUDENT} has no open unit of ${COURSE_CODE} (programmes in the menu: ${programmes.join(', ') || 'none'}).`,
  );
}

export const unitBytes: Scenario = {
  name: 'unit-bytes',
  summary: `compressed JS, CSS and HTML of a first visit to a ${COURSE_CODE} unit page as the demo student`,
  async run(context: Context) {
    await ensureBuilt();
    const app = await startApp({ dataDir: context.newDir('unit-bytes') });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tokens = await signIn(app.url, STUDENT);
      const unit = await findUnit(app.url, tokens.token);
      const origin = new URL(app.url).origin;
      // A new context: empty HTTP cache, the session already in local storage.
      const browserContext = await browser.newContext({
        storageState: {
          cookies: [],
          origins: [
            {
              origin,
              localStorage: [
                { name: STORAGE_KEYS.authCode, value: tokens.token },
                { name: STORAGE_KEYS.refreshCode, value: tokens.refresh_token },
              ],
            },
          ],
        },
      });
      const page = await browserContext.newPage();
      const address = `${app.url}/en/unit/${String(unit.id)}`;
      const all = await measurePage(page, app.url, async () => {
        await page.goto(address);
        // Settled: the unit's title is on the page (not a sign-in form or an error).
        await page
          .getByRole('heading', { name: unit.title })
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 })
          .catch((error: unknown) => {
            throw new Error(
              `The unit page ${page.url()} did not show "${unit.title}": ${error instanceof Error ? error.message : String(error)}`,
            );
          });
      });

      const counted = all.filter(isCode).sort((a, b) => b.countedBytes - a.countedBytes);
      const others = all.filter((e) => !isCode(e));
      const total = sum(counted, 'countedBytes');
      const used = sum(counted, 'usedBytes');
      const compression = compressionNote(counted);
      const byKind = (test: (e: Entry) => boolean) => kb(sum(counted.filter(test), 'countedBytes'));
      const editorChunks = counted.filter((e) => /rich-text-editor|tiptap/i.test(e.path));

      log(
        `  ${address}: ${String(counted.length)} JS, CSS and HTML responses, ${(sum(counted, 'rawBytes') / 1024).toFixed(1)} KB raw, ${(total / 1024).toFixed(1)} KB counted (${(sum(counted, 'gzip9Bytes') / 1024).toFixed(1)} KB if all gzip -9); ${compression}`,
      );
      log(
        `  not counted: ${String(others.length)} other responses (API data, fonts, images), ${(sum(others, 'countedBytes') / 1024).toFixed(1)} KB`,
      );
      log(
        `  editor chunks fetched: ${editorChunks.length === 0 ? 'none' : editorChunks.map((e) => e.path).join(', ')}`,
      );
      log(`  ${String(Math.min(LISTED, counted.length))} largest (as counted):`);
      for (const e of counted.slice(0, LISTED)) log(`    ${entryLine(e)}`);
      const rest = counted.slice(LISTED);
      if (rest.length > 0) {
        log(
          `    … ${String(rest.length)} more, ${(sum(rest, 'countedBytes') / 1024).toFixed(1)} KB together`,
        );
      }
      return [
        result({
          scenario: 'unit-bytes',
          name: 'unit page first visit (compressed JS+CSS+HTML)',
          unit: 'KB',
          value: total / 1024,
          floor: used / 1024,
          target: { on: 'value', op: '<=', limit: TARGET_KB },
          detail: {
            address: `/en/unit/${String(unit.id)}`,
            compression,
            responses: counted.length,
            rawKB: kb(sum(counted, 'rawBytes')),
            gzip9KB: kb(sum(counted, 'gzip9Bytes')),
            wireKB: kb(sum(counted, 'wireBytes')),
            byKindKB: {
              js: byKind((e) => e.contentType.endsWith('/javascript')),
              css: byKind((e) => e.contentType === 'text/css'),
              html: byKind((e) => e.contentType === 'text/html'),
            },
            editorChunks: editorChunks.map((e) => e.path),
            notCounted: others.map(entryJson),
            chunks: counted.map(entryJson),
            note: 'counted: every response whose content type is HTML, CSS or JavaScript, from the navigation until the unit title shows and the network is idle; floor = the same responses with JS cut to the code Chromium ran (V8 block coverage) and CSS to the rules it used, compressed the same way; KB = 1024 bytes',
          },
        }),
      ];
    } finally {
      await browser.close();
      await app.stop();
    }
  },
};
