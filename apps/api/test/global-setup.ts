import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@lantern/db/client';
import { migrate } from '@lantern/db/migrate';
import { ensureSecrets, syncCatalogue } from '@lantern/db/catalogue';
import { seedDemo } from '@lantern/db/seed';
import { TEMPLATE_DB, TEMPLATE_DUMP, TEST_DB, postgresUrl } from './db-target';

async function fill(database: Database): Promise<void> {
  await migrate(database);
  await syncCatalogue(database.db);
  await ensureSecrets(database.db);
  await seedDemo(database.db);
}

/**
 * Migrates and seeds one template database per run; each test file then starts from a copy
 * (PGlite: a dump of the data folder; PostgreSQL: CREATE DATABASE … TEMPLATE).
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
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const database = await openDatabase({ url: postgresUrl(TEMPLATE_DB), poolSize: 2 });
  await fill(database);
  await database.close();
  return async () => {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.end();
  };
}
