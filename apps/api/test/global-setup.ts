import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@lantern/db/client';
import { migrate } from '@lantern/db/migrate';
import { ensureSecrets, syncCatalogue } from '@lantern/db/catalogue';
import { seedDemo } from '@lantern/db/seed';
import { COPY_PREFIX, TEMPLATE_DB, TEMPLATE_DUMP, TEST_DB, postgresUrl } from './db-target';
import { keepSnapshot } from './db-snapshot';

async function fill(database: Database): Promise<void> {
  await migrate(database);
  await syncCatalogue(database.db);
  await ensureSecrets(database.db);
  await seedDemo(database.db);
  await keepSnapshot(database);
}

/** Drops the workers' copies of this checkout's template (helpers.ts), left by a run or by this one. */
async function dropCopies(admin: pg.Client): Promise<void> {
  const copies = await admin.query<{ datname: string }>(
    `select datname from pg_database where starts_with(datname, $1)`,
    [COPY_PREFIX],
  );
  for (const { datname } of copies.rows)
    await admin.query(`drop database if exists ${datname} with (force)`);
}

/**
 * Migrates and seeds one template database per run, with a copy of its seeded rows kept beside
 * them (db-snapshot.ts). Each worker makes one copy of the template (PGlite: a dump of the data
 * folder; PostgreSQL: CREATE DATABASE … TEMPLATE) and puts the seeded rows back before each file.
 */
export async function setup(): Promise<() => Promise<void>> {
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    await fill(database);
    const dump = await database.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite did not dump its data folder.');
    mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
    writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return async () => undefined;
  }
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await dropCopies(admin);
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const database = await openDatabase({ url: postgresUrl(TEMPLATE_DB), poolSize: 2 });
  await fill(database);
  await database.close();
  return async () => {
    await dropCopies(admin);
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.end();
  };
}
