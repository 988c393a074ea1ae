import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { tablesDue, vacuumWhereDue } from './maintenance';

/** Statistics reach pg_stat_user_tables when the session reports them, at most once a second. */
async function flushStats(database: Database) {
  await database.query('select pg_stat_force_next_flush()');
  await database.query('select 1');
}

async function stats(database: Database, table: string) {
  const [row] = await database.query<{ dead: number; vacuumed: boolean; analyzed: boolean }>(
    `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed,
            last_analyze is not null as analyzed
       from pg_stat_user_tables where relname = $1`,
    [table],
  );
  return row;
}

describe('maintenance on PGlite, which has no autovacuum', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.exec(`
      create table churned (id int primary key, v int);
      insert into churned select g, g from generate_series(1, 2000) g;
      create table quiet (id int primary key);
      insert into quiet select g from generate_series(1, 2000) g;`);
    // Both tables vacuumed and analyzed: only what follows counts. The inserts' counts are
    // reported first, or they would land after the vacuum's and count as not yet vacuumed.
    await flushStats(database);
    // One statement a call: several in one message run as one transaction, where VACUUM may not.
    await database.exec('vacuum (analyze) churned');
    await database.exec('vacuum (analyze) quiet');
    await flushStats(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('vacuums a table whose dead rows passed the threshold, and leaves a quiet one alone', async () => {
    // 1,000 rows updated: 1,000 dead of 2,000, far over 50 + 20 %.
    await database.exec('update churned set v = v + 1 where id <= 1000');
    // 3 rows changed in the quiet one: under every threshold.
    await database.exec('update quiet set id = id + 10000 where id <= 3');
    await flushStats(database);
    expect((await stats(database, 'churned'))?.dead).toBe(1000);

    const due = await tablesDue(database);
    expect(due.map((t) => t.table)).toContain('churned');
    expect(due.map((t) => t.table)).not.toContain('quiet');

    const steps = await vacuumWhereDue(database);
    const churned = steps.find((s) => s.table === 'public.churned');
    expect(churned).toMatchObject({ action: 'vacuum', deadRows: 1000 });
    expect(steps.some((s) => s.table === 'public.quiet')).toBe(false);

    await flushStats(database);
    expect((await stats(database, 'churned'))?.dead).toBe(0);
    expect((await stats(database, 'quiet'))?.dead).toBe(3);
  });

  it('only analyzes a table whose rows changed without leaving dead ones over the threshold', async () => {
    // 400 rows inserted: over the analyze threshold (50 + 10 % of 2,000 = 250), under the
    // insert one for a vacuum (1,000 + 20 %).
    await database.exec('insert into quiet select g from generate_series(20001, 20400) g');
    await flushStats(database);
    const steps = await vacuumWhereDue(database);
    expect(steps.find((s) => s.table === 'public.quiet')).toMatchObject({ action: 'analyze' });
    await flushStats(database);
    expect(await tablesDue(database)).toEqual([]);
  });

  it('passes over a table dropped after the list was read', async () => {
    await database.exec('create table dropped (id int primary key)');
    await database.exec('insert into dropped select generate_series(1, 2000)');
    await flushStats(database);
    const listing = { query: database.query, exec: database.exec };
    let dropped = false;
    const listed: unknown[] = [];
    const steps = await vacuumWhereDue({
      query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => {
        const rows = await listing.query<T>(text, params);
        listed.push(...rows.map((row) => row.table));
        if (!dropped) {
          dropped = true;
          await database.exec('drop table dropped');
        }
        return rows;
      },
      exec: listing.exec,
    });
    expect(listed).toContain('dropped');
    expect(steps.some((s) => s.table === 'public.dropped')).toBe(false);
  });

  it('does nothing when nothing is due', async () => {
    await flushStats(database);
    expect(await vacuumWhereDue(database)).toEqual([]);
  });

  it('vacuums every table when asked, since statistics start from zero at each start', async () => {
    const steps = await vacuumWhereDue(database, { everyTable: true });
    expect(steps.filter((s) => s.table.startsWith('public.')).map((s) => s.table)).toEqual(
      expect.arrayContaining(['public.churned', 'public.quiet']),
    );
    expect(steps.every((s) => s.action === 'vacuum')).toBe(true);
  });

  it('loses the statistics of a closed database, which is why the first run does every table', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-stats-'));
    try {
      let closed = await openDatabase({ dataDir });
      await closed.exec('create table t (id int primary key)');
      await closed.exec('insert into t select generate_series(1, 5000)');
      await flushStats(closed);
      expect((await tablesDue(closed)).map((t) => t.table)).toContain('t');
      await closed.close();
      closed = await openDatabase({ dataDir });
      expect(await tablesDue(closed)).toEqual([]);
      await closed.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
