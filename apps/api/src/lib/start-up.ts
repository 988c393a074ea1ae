import { join } from 'node:path';
import { openDatabase, type Database } from '@lantern/db/client';
import { migrate } from '@lantern/db/migrate';
import { syncCatalogue } from '@lantern/db/catalogue';
import { ensureAdmin, hasAnyUser, seedDemo } from '@lantern/db/seed';
import type { Config } from '../plugins/env';
import { lockDataDir } from './lock';
import { runDataSteps } from './data-steps';
import { DATA_STEPS } from '../data-steps';

/** The steps of preparing the database, replaceable in tests. */
export type StartUpSteps = {
  lock: (dataDir: string) => () => void;
  open: (config: Config) => Promise<Database>;
  migrate: (database: Database) => Promise<unknown>;
  /** Changes to stored rows that need the app's code (the sanitiser), once each. */
  dataSteps: (database: Database) => Promise<unknown>;
  syncCatalogue: (database: Database) => Promise<unknown>;
  hasAnyUser: (database: Database) => Promise<boolean>;
  seedDemo: (database: Database) => Promise<unknown>;
  ensureAdmin: (database: Database, username: string, password: string) => Promise<unknown>;
};

const STEPS: StartUpSteps = {
  lock: lockDataDir,
  open: (config) =>
    config.databaseUrl
      ? openDatabase({ url: config.databaseUrl })
      : openDatabase({ dataDir: join(config.dataDir, 'pgdata') }),
  migrate: (database) => migrate(database),
  dataSteps: (database) => runDataSteps(database.db, DATA_STEPS),
  syncCatalogue: (database) => syncCatalogue(database.db),
  hasAnyUser: (database) => hasAnyUser(database.db),
  seedDemo: (database) => seedDemo(database.db),
  ensureAdmin: (database, username, password) => ensureAdmin(database.db, username, password),
};

/**
 * Opens, migrates and fills the database; returns it with what start-up learned. Each step is
 * said to the person who ran the app before it begins (a first start takes a while: a new
 * data folder, the migrations, the demo data), so the console never sits silent until ready.
 */
export async function prepareDatabase(
  config: Config,
  say: (line: string) => void,
  steps: StartUpSteps = STEPS,
): Promise<{ database: Database; seeded: boolean; release: () => void }> {
  const release = config.databaseUrl ? () => undefined : steps.lock(config.dataDir);
  try {
    say(
      config.databaseUrl
        ? 'Opening the PostgreSQL database…'
        : `Opening the database in ${join(config.dataDir, 'pgdata')}…`,
    );
    const database = await steps.open(config);
    say('Migrating the database…');
    await steps.migrate(database);
    // Before the app listens, so no cache or reader ever holds a row the step changes.
    await steps.dataSteps(database);
    await steps.syncCatalogue(database);
    const empty = !(await steps.hasAnyUser(database));
    const seeded = empty && (database.kind === 'pglite' || config.demo);
    if (seeded) {
      say('Seeding demo data (first start only, this takes a moment)…');
      await steps.seedDemo(database);
    }
    if (config.admin)
      await steps.ensureAdmin(database, config.admin.username, config.admin.password);
    return { database, seeded, release };
  } catch (error) {
    release();
    throw error;
  }
}
