import { defineConfig } from '@playwright/test';

// Chosen once in the main process; the test workers inherit it through the environment.
process.env.LANTERN_E2E_PORT ??= String(41000 + Math.floor(Math.random() * 8000));

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server and one database for all journeys; each journey signs in as its own users.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
