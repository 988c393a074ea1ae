import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, startMailCatcher } from './app-server';

/**
 * Makes the data folder every journey worker starts from: the app migrated and filled with
 * its demo data once, then stopped. Each worker copies it (tests/journey.ts) and runs an app
 * of its own on the copy, so workers share no rows and seeding happens once.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
  const template = join(dir, 'template');
  const mail = await startMailCatcher(join(dir, 'template-mails.jsonl'));
  const app = await startApp(template, mail.port);
  await app.stop();
  await mail.close();
  process.env.LANTERN_E2E_DIR = dir;
  process.env.LANTERN_E2E_TEMPLATE = template;
  return () => rmSync(dir, { recursive: true, force: true });
}
