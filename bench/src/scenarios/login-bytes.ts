import { brotliCompressSync, deflateSync, gzipSync, constants as zlib } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Response } from 'playwright-core';
import type { Context, Scenario } from '../lib/context';
import { ensureBuilt, startApp } from '../lib/processes';
import { log, result, type Json } from '../lib/report';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET_KB = 200;
const COMPRESSED = new Set(['gzip', 'br', 'deflate', 'zstd']);

const gzip9 = (data: Buffer | string): number =>
  gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }).length;

/** The size of `data` compressed as the server compressed its response (else gzip -9). */
function compressedLike(encoding: string | null, data: Buffer | string): number {
  if (encoding === 'br') {
    return brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  if (encoding === 'deflate') return deflateSync(data, { level: zlib.Z_BEST_COMPRESSION }).length;
  return gzip9(data);
}

type Entry = {
  url: string;
  path: string;
  type: string;
  status: number;
  rawBytes: number;
  /** Body bytes on the wire, as the server sent them. */
  wireBytes: number;
  /** The size counted: the wire size when the server compressed, else our gzip -9. */
  countedBytes: number;
  /** Our gzip -9 of the body, whatever the server sent. */
  gzip9Bytes: number;
  serverEncoding: string | null;
  /** Only the code Chromium ran (JS) or the rules it used (CSS), compressed like the response. */
  usedBytes: number;
};

type JsRange = { startOffset: number; endOffset: number; count: number };

/** The characters of a script V8 ran at least once (block coverage: innermost range wins). */
function usedJs(source: string, functions: { ranges: JsRange[] }[]): string {
  const used = new Uint8Array(source.length);
  const ranges = functions
    .flatMap((f) => f.ranges)
    .sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
  for (const r of ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  let text = '';
  let start = -1;
  for (let i = 0; i <= source.length; i += 1) {
    const on = i < source.length && used[i] === 1;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      text += source.slice(start, i);
      start = -1;
    }
  }
  return text;
}

const usedCss = (text: string, ranges: { start: number; end: number }[]): string =>
  ranges.map((r) => text.slice(r.start, r.end)).join('\n');

export const loginBytes: Scenario = {
  name: 'login-bytes',
  summary: 'compressed bytes a first visit to /en/login transfers in headless Chromium',
  async run(context: Context) {
    await ensureBuilt();
    const app = await startApp({ dataDir: context.newDir('login-bytes') });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const browserContext = await browser.newContext();
      const page = await browserContext.newPage();
      const pending: Promise<Entry>[] = [];
      const record = async (response: Response): Promise<Entry> => {
        const request = response.request();
        const url = new URL(response.url());
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await request.sizes();
        const encoding = (await response.headerValue('content-encoding'))?.toLowerCase() ?? null;
        const serverCompressed = encoding !== null && COMPRESSED.has(encoding);
        const gzip9Bytes = body.length === 0 ? 0 : gzip9(body);
        const countedBytes = serverCompressed ? sizes.responseBodySize : gzip9Bytes;
        return {
          url: response.url(),
          path: url.origin === new URL(app.url).origin ? url.pathname : response.url(),
          type: request.resourceType(),
          status: response.status(),
          rawBytes: body.length,
          wireBytes: sizes.responseBodySize,
          countedBytes,
          gzip9Bytes,
          serverEncoding: serverCompressed ? encoding : null,
          usedBytes: countedBytes,
        };
      };
      page.on('response', (response) => {
        pending.push(record(response));
      });
      await page.coverage.startJSCoverage({ resetOnNavigation: false });
      await page.coverage.startCSSCoverage({ resetOnNavigation: false });
      await page.goto(`${app.url}/en/login`, { waitUntil: 'networkidle' });
      await page.waitForSelector('input[type="password"]', { timeout: 15_000 });
      // Late requests (fonts, images, lazy chunks) after the form shows.
      await page.waitForLoadState('networkidle');
      await sleep(500);
      const jsCoverage = await page.coverage.stopJSCoverage();
      const cssCoverage = await page.coverage.stopCSSCoverage();
      const entries = await Promise.all(pending);

      // The floor: what the login page actually runs and styles with, gzipped the same way.
      for (const entry of entries) {
        if (entry.rawBytes === 0) continue;
        const js = jsCoverage.find((c) => c.url === entry.url);
        const css = cssCoverage.find((c) => c.url === entry.url);
        if (js?.source !== undefined) {
          entry.usedBytes = compressedLike(entry.serverEncoding, usedJs(js.source, js.functions));
        } else if (css?.text !== undefined)
          entry.usedBytes = compressedLike(entry.serverEncoding, usedCss(css.text, css.ranges));
      }

      const total = entries.reduce((sum, e) => sum + e.countedBytes, 0);
      const gzipTotal = entries.reduce((sum, e) => sum + e.gzip9Bytes, 0);
      const used = entries.reduce((sum, e) => sum + e.usedBytes, 0);
      const raw = entries.reduce((sum, e) => sum + e.rawBytes, 0);
      const wire = entries.reduce((sum, e) => sum + e.wireBytes, 0);
      const compression = entries.some((e) => e.serverEncoding)
        ? `server compressed ${String(entries.filter((e) => e.serverEncoding).length)} of ${String(entries.length)} responses (${[...new Set(entries.map((e) => e.serverEncoding).filter((x) => x !== null))].join(', ')}; wire size counted for those, gzip -9 by the bench for the rest)`
        : 'server sent no compressed response; every body gzipped by the bench (zlib level 9)';
      const largest = [...entries].sort((a, b) => b.countedBytes - a.countedBytes).slice(0, 5);
      const byType: Record<string, number> = {};
      for (const e of entries) byType[e.type] = (byType[e.type] ?? 0) + e.countedBytes;

      log(
        `  ${String(entries.length)} responses, ${(raw / 1024).toFixed(1)} KB raw, ${(wire / 1024).toFixed(1)} KB on the wire, ${(total / 1024).toFixed(1)} KB counted (${(gzipTotal / 1024).toFixed(1)} KB if all gzip -9); ${compression}`,
      );
      log('  five largest (as counted):');
      for (const e of largest) {
        log(
          `    ${(e.countedBytes / 1024).toFixed(1).padStart(6)} KB ${(e.serverEncoding ?? 'gzip-9').padEnd(6)} ${(e.rawBytes / 1024).toFixed(1).padStart(6)} KB raw  ${e.type.padEnd(10)} ${e.path}  (used code ${(e.usedBytes / 1024).toFixed(1)} KB)`,
        );
      }
      const entryJson = (e: Entry): Json => ({
        path: e.path,
        type: e.type,
        status: e.status,
        rawBytes: e.rawBytes,
        wireBytes: e.wireBytes,
        countedBytes: e.countedBytes,
        gzip9Bytes: e.gzip9Bytes,
        usedBytes: e.usedBytes,
        serverEncoding: e.serverEncoding,
      });
      return [
        result({
          scenario: 'login-bytes',
          name: 'login page first visit (compressed)',
          unit: 'KB',
          value: total / 1024,
          floor: used / 1024,
          target: { on: 'value', op: '<=', limit: TARGET_KB },
          detail: {
            compression,
            responses: entries.length,
            rawKB: Number((raw / 1024).toFixed(1)),
            gzip9KB: Number((gzipTotal / 1024).toFixed(1)),
            wireKB: Number((wire / 1024).toFixed(1)),
            byTypeKB: Object.fromEntries(
              Object.entries(byType).map(([k, v]) => [k, Number((v / 1024).toFixed(1))]),
            ),
            largest: largest.map(entryJson),
            all: entries.map(entryJson),
            note: 'floor = the same responses with JS cut to the code Chromium ran (V8 block coverage) and CSS to the rules it used, compressed the same way as the response; KB = 1024 bytes',
          },
        }),
      ];
    } finally {
      await browser.close();
      await app.stop();
    }
  },
};
