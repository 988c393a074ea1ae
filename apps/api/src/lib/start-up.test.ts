import { describe, expect, it } from 'vitest';
import type { Database } from '@lantern/db/client';
import type { Config } from '../plugins/env';
import { prepareDatabase, type StartUpSteps } from './start-up';

/** Steps that record when each runs, between the lines said to the console. */
function recorded(empty: boolean) {
  const log: string[] = [];
  const database = { kind: 'pglite' } as Database;
  const steps: StartUpSteps = {
    lock: () => () => log.push('released'),
    open: () => (log.push('[open]'), Promise.resolve(database)),
    migrate: () => (log.push('[migrate]'), Promise.resolve()),
    dataSteps: () => (log.push('[data steps]'), Promise.resolve()),
    syncCatalogue: () => Promise.resolve(),
    hasAnyUser: () => Promise.resolve(!empty),
    seedDemo: () => (log.push('[seed]'), Promise.resolve()),
    ensureAdmin: () => Promise.resolve(),
  };
  return { log, steps, say: (line: string) => log.push(line) };
}

const config = {
  databaseUrl: null,
  dataDir: '/data',
  demo: false,
  admin: null,
} as unknown as Config;

describe('start-up says what it is doing', () => {
  it('before each step: opening, migrating, seeding the demo on a first start', async () => {
    const { log, steps, say } = recorded(true);
    const result = await prepareDatabase(config, say, steps);
    expect(result.seeded).toBe(true);
    expect(log).toEqual([
      'Opening the database in /data/pgdata…',
      '[open]',
      'Migrating the database…',
      '[migrate]',
      '[data steps]',
      'Seeding demo data (first start only, this takes a moment)…',
      '[seed]',
    ]);
  });

  it('says nothing of demo data when the database has users', async () => {
    const { log, steps, say } = recorded(false);
    await prepareDatabase(config, say, steps);
    expect(log.some((line) => line.startsWith('Seeding'))).toBe(false);
  });
});
