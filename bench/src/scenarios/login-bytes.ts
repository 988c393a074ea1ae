import { chromium } from 'playwright-core';
import type { Context, Scenario } from '../lib/context';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  compressionNote,
  entryJson,
  entryLine,
  kb,
  measurePage,
  sum,
} from '../lib/page-bytes';
import { ensureBuilt, startApp } from '../lib/processes';
import { log, result } from '../lib/report';

const TARGET_KB = 200;

export const loginBytes: Scenario = {
  name: 'login-bytes',
  summary: 'compressed bytes a first visit to /en/login transfers in headless Chromium',
  async run(context: Context) {
    await ensureBuilt();
    const app = await startApp({ dataDir: context.newDir('login-bytes') });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const browserContext = await browser.newContext();
      const page = await browserContext.newPage();
      const entries = await measurePage(page, app.url, async () => {
        await page.goto(`${app.url}/en/login`, { waitUntil: 'networkidle' });
        await page.waitForSelector('input[type="password"]', { timeout: 15_000 });
      });

      const total = sum(entries, 'countedBytes');
      const compression = compressionNote(entries);
      const largest = [...entries].sort((a, b) => b.countedBytes - a.countedBytes).slice(0, 5);
      const byType: Record<string, number> = {};
      for (const e of entries) byType[e.type] = (byType[e.type] ?? 0) + e.countedBytes;

      log(
        `  ${String(entries.length)} responses, ${(sum(entries, 'rawBytes') / 1024).toFixed(1)} KB raw, ${(sum(entries, 'wireBytes') / 1024).toFixed(1)} KB on the wire, ${(total / 1024).toFixed(1)} KB counted (${(sum(entries, 'gzip9Bytes') / 1024).toFixed(1)} KB if all gzip -9); ${compression}`,
      );
      log('  five largest (as counted):');
      for (const e of largest) log(`    ${entryLine(e)}`);
      return [
        result({
          scenario: 'login-bytes',
          name: 'login page first visit (compressed)',
          unit: 'KB',
          value: total / 1024,
          floor: sum(entries, 'usedBytes') / 1024,
          target: { on: 'value', op: '<=', limit: TARGET_KB },
          detail: {
            compression,
            responses: entries.length,
            rawKB: kb(sum(entries, 'rawBytes')),
            gzip9KB: kb(sum(entries, 'gzip9Bytes')),
            wireKB: kb(sum(entries, 'wireBytes')),
            byTypeKB: Object.fromEntries(Object.entries(byType).map(([k, v]) => [k, kb(v)])),
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
