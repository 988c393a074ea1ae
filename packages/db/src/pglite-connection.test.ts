import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';

/** The longest gap between ticks of a 5 ms timer while `work` runs. */
async function longestTimerGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

describe('PGlite in its worker thread, one connection shared a transaction at a time', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.exec('create table t (id int primary key, at timestamptz)');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps the event loop free while a slow statement runs', async () => {
    let elapsed = 0;
    const gap = await longestTimerGap(async () => {
      const started = performance.now();
      await database.query('select pg_sleep(1)');
      elapsed = performance.now() - started;
    });
    expect(elapsed).toBeGreaterThanOrEqual(990);
    // In the same thread the timer would not tick for the whole second.
    expect(gap).toBeLessThan(400);
  });

  it('runs a statement sent during a transaction after it, never inside it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1, now())`);
        outside = database
          .query<{ n: number }>('select count(*)::int as n from t')
          .then((rows) => order.push(`outside saw ${String(rows[0]?.n)}`));
        // The statement outside is queued; were it let in, it would run before this one.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`insert into t values (2, now())`);
        order.push('transaction done');
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 0']);
  });

  it('commits a transaction whole and reads its values back as each side expects', async () => {
    const at = new Date('2026-11-21T10:00:00Z');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (3, ${at.toISOString()})`);
    });
    const [raw] = await database.query<{ at: Date }>('select at from t where id = $1', [3]);
    expect(raw?.at).toEqual(at);
    const drizzled: unknown = await database.db.execute(sql`select at from t where id = 3`);
    expect(typeof (drizzled as { rows: { at: unknown }[] }).rows[0]?.at).toBe('string');
  });

  it('keeps the database error’s code and constraint across the thread', async () => {
    type Failure = { cause?: { code?: string; constraint?: string } };
    const error: Failure | null = await database.db
      .execute(sql`insert into t values (3, now())`)
      .then(() => null)
      .catch((e: unknown) => e as Failure);
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toBe('t_pkey');
  });

  it('copies from and to a blob, and dumps a data folder another database opens', async () => {
    const engine = database.pglite;
    if (!engine) throw new Error('PGlite expected');
    await engine.query(`copy t (id) from '/dev/blob' with (format csv)`, [], {
      blob: new Blob(['10\n11\n12\n']),
    });
    const copied = await engine.query(
      `copy (select id from t where id >= 10 order by id) to '/dev/blob'`,
    );
    expect(await copied.blob?.text()).toBe('10\n11\n12\n');

    const dump = await engine.dumpDataDir('none');
    const copy = await openDatabase({ dataDir: null, loadDataDir: dump });
    try {
      const [row] = await copy.query<{ n: number }>('select count(*)::int as n from t');
      expect(row?.n).toBe(4);
    } finally {
      await copy.close();
    }
  });
});
