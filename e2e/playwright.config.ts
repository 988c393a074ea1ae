import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Each worker runs its own app on its own copy of the seeded data (tests/journey.ts), so
  // journey files run side by side; the tests of one file run in order in one worker.
  workers: Number(process.env.LANTERN_E2E_WORKERS ?? 2),
  retries: 0,
  // Room for a machine busy from outside: on one, the first journeys took 33–36 s.
  timeout: 60_000,
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
