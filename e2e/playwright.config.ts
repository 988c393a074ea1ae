import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** A port the system says is free now (the config loads synchronously, so a child asks). */
const freePort = (): string =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  ).trim();

// Chosen once in the main process; the test workers inherit it through the environment.
process.env.LANTERN_E2E_PORT ??= freePort();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server and one database for all journeys; each journey signs in as its own users.
  workers: 1,
  retries: 0,
  // Room for a machine busy from outside: on one, the first journeys took 33–36 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${process.env.LANTERN_E2E_PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // No transitions (the theme respects it): checks and screenshots see settled pages.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
