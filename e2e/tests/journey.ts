import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startApp, startMailCatcher } from '../app-server';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: each worker runs its own app on its own copy of the seeded data
 * folder, with its own mail catcher, so journeys in parallel workers never see each other's
 * rows or mails. Within a worker, journeys share that app as they did when there was one.
 */
export const test = base.extend<object, { app: { url: string } }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use, workerInfo) => {
      const dir = join(
        process.env.LANTERN_E2E_DIR ?? '',
        `worker-${String(workerInfo.workerIndex)}`,
      );
      cpSync(process.env.LANTERN_E2E_TEMPLATE ?? '', join(dir, 'data'), { recursive: true });
      const mailbox = join(dir, 'mails.jsonl');
      const mail = await startMailCatcher(mailbox);
      process.env.LANTERN_E2E_MAILBOX = mailbox;
      const app = await startApp(join(dir, 'data'), mail.port);
      process.env.LANTERN_E2E_URL = app.url;
      await use({ url: app.url });
      await app.stop();
      await mail.close();
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
