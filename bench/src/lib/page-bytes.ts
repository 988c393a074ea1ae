// What a page transfers in headless Chromium: every response at its compressed size, and the
// floor of what the page used (JS that V8 ran, CSS rules Chromium used). Shared by the
// login-bytes and unit-bytes scenarios.
import { brotliCompressSync, deflateSync, gzipSync, constants as zlib } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page, Response } from 'playwright-core';
import type { Json } from './report';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
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

export type Entry = {
  url: string;
  path: string;
  type: string;
  /** The response's content type without parameters ('' when it had none). */
  contentType: string;
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

/**
 * Records every response of `page` while `visit` runs and until the network has been idle
 * (plus half a second for late fonts, images and lazy chunks), with V8 and CSS coverage.
 */
export async function measurePage(
  page: Page,
  appUrl: string,
  visit: () => Promise<void>,
): Promise<Entry[]> {
  const origin = new URL(appUrl).origin;
  const pending: Promise<Entry>[] = [];
  const record = async (response: Response): Promise<Entry> => {
    const request = response.request();
    const url = new URL(response.url());
    const body = await response.body().catch(() => Buffer.alloc(0));
    const sizes = await request.sizes();
    const encoding = (await response.headerValue('content-encoding'))?.toLowerCase() ?? null;
    const contentType = (await response.headerValue('content-type')) ?? '';
    const serverCompressed = encoding !== null && COMPRESSED.has(encoding);
    const gzip9Bytes = body.length === 0 ? 0 : gzip9(body);
    const countedBytes = serverCompressed ? sizes.responseBodySize : gzip9Bytes;
    return {
      url: response.url(),
      path: url.origin === origin ? url.pathname : response.url(),
      type: request.resourceType(),
      contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      status: response.status(),
      rawBytes: body.length,
      wireBytes: sizes.responseBodySize,
      countedBytes,
      gzip9Bytes,
      serverEncoding: serverCompressed ? encoding : null,
      usedBytes: countedBytes,
    };
  };
  const onResponse = (response: Response) => {
    pending.push(record(response));
  };
  page.on('response', onResponse);
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.coverage.startCSSCoverage({ resetOnNavigation: false });
  await visit();
  await page.waitForLoadState('networkidle');
  await sleep(500);
  page.off('response', onResponse);
  const jsCoverage = await page.coverage.stopJSCoverage();
  const cssCoverage = await page.coverage.stopCSSCoverage();
  const entries = await Promise.all(pending);

  // The floor: what the page actually runs and styles with, compressed the same way.
  for (const entry of entries) {
    if (entry.rawBytes === 0) continue;
    const js = jsCoverage.find((c) => c.url === entry.url);
    const css = cssCoverage.find((c) => c.url === entry.url);
    if (js?.source !== undefined) {
      entry.usedBytes = compressedLike(entry.serverEncoding, usedJs(js.source, js.functions));
    } else if (css?.text !== undefined)
      entry.usedBytes = compressedLike(entry.serverEncoding, usedCss(css.text, css.ranges));
  }
  return entries;
}

/** How the sizes were counted, in a sentence for the output and latest.json. */
export function compressionNote(entries: Entry[]): string {
  const compressed = entries.filter((e) => e.serverEncoding !== null);
  if (compressed.length === 0) {
    return 'server sent no compressed response; every body gzipped by the bench (zlib level 9)';
  }
  const encodings = [...new Set(compressed.map((e) => e.serverEncoding))].join(', ');
  return `server compressed ${String(compressed.length)} of ${String(entries.length)} responses (${encodings}; wire size counted for those, gzip -9 by the bench for the rest)`;
}

export const kb = (bytes: number): number => Number((bytes / 1024).toFixed(1));

export const sum = (
  entries: Entry[],
  field: 'rawBytes' | 'wireBytes' | 'countedBytes' | 'gzip9Bytes' | 'usedBytes',
): number => entries.reduce((total, e) => total + e[field], 0);

/** One line of a per-response listing. */
export const entryLine = (e: Entry): string =>
  `${(e.countedBytes / 1024).toFixed(1).padStart(6)} KB ${(e.serverEncoding ?? 'gzip-9').padEnd(6)} ${(e.rawBytes / 1024).toFixed(1).padStart(6)} KB raw  ${e.type.padEnd(10)} ${e.path}  (used code ${(e.usedBytes / 1024).toFixed(1)} KB)`;

export const entryJson = (e: Entry): Json => ({
  path: e.path,
  type: e.type,
  contentType: e.contentType,
  status: e.status,
  rawBytes: e.rawBytes,
  wireBytes: e.wireBytes,
  countedBytes: e.countedBytes,
  gzip9Bytes: e.gzip9Bytes,
  usedBytes: e.usedBytes,
  serverEncoding: e.serverEncoding,
});
