import { cpus } from 'node:os';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Each worker runs its own app on its own copy of the seeded data (tests/journey.ts), so
  // journey files can run side by side; the tests of one file run in order in one worker. A
  // worker keeps about two cores busy (Chromium and its app): on the 2-core machine two
  // workers took 19.9 min for the 44 journeys (one worker took 26 min for 54 before), and two
  // journeys ran past their time limits. Set LANTERN_E2E_WORKERS where there are more cores.
  workers: Number(process.env.LANTERN_E2E_WORKERS ?? Math.max(1, Math.floor(cpus().length / 2))),
  retries: 0,
  // A limit against hangs, not a speed test: on a busy machine a journey that takes 40 s on a
  // quiet one has taken past 60 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
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
