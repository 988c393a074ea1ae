import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, rawAccessOf, type Database } from './client';
import { DRIZZLE_TEXT_TYPES, drizzleClient } from './pglite-driver';

const VALUES = sql`select timestamptz '2026-11-21 10:00:00+00' as at, date '2026-11-21' as day,
  interval '2 days' as span, array[timestamptz '2026-11-21 10:00:00+00'] as ats,
  array[1.5::numeric, 2] as amounts, array[1, 2] as ids, 7::int8 as big`;
const VALUES_TEXT =
  "select timestamptz '2026-11-21 10:00:00+00' as at, date '2026-11-21' as day, interval '2 days' as span, array[timestamptz '2026-11-21 10:00:00+00'] as ats, array[1.5::numeric, 2] as amounts, array[1, 2] as ids, 7::int8 as big";

type Row = Record<string, unknown>;
const firstRow = (result: unknown) => (result as { rows: Row[] }).rows[0];

describe('PGlite under drizzle, with the text parsers set once on the client', () => {
  let database: Database;
  /** What drizzle reads from a PGlite as it comes (the reference). */
  let reference: Row | undefined;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    const plain = await PGlite.create();
    reference = firstRow(await drizzle(plain).execute(VALUES));
    await plain.close();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads exactly what drizzle reads from an untouched client, in and out of a transaction', async () => {
    expect(reference?.at).toBeTypeOf('string');
    expect(firstRow(await database.db.execute(VALUES))).toEqual(reference);
    const inTransaction = await database.db.transaction(async (tx) =>
      firstRow(await tx.execute(VALUES)),
    );
    expect(inTransaction).toEqual(reference);
  });

  it('gives raw queries PGlite’s own parsing: dates as Date objects, arrays of them too', async () => {
    const [row] = await database.query(VALUES_TEXT);
    expect(row?.at).toEqual(new Date('2026-11-21T10:00:00Z'));
    expect(row?.ats).toEqual([new Date('2026-11-21T10:00:00Z')]);
    expect(row?.day).toBeInstanceOf(Date);
    expect(row?.ids).toEqual([1, 2]);
    const [last] = await database.execRows('select 1 as one; select now() as at');
    expect(last?.at).toBeInstanceOf(Date);
    expect(rawAccessOf(database.db)).toBe(database);
  });

  it('drizzle sends no per-query parser but the text ones set in the worker (a newer drizzle with more fails here)', async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const recording = {
      query: async (_text: string, _params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return { rows: [], fields: [] };
      },
    };
    await drizzle({ client: recording as unknown as PGlite }).execute(VALUES);
    expect(seen.length).toBe(1);
    const oids = Object.keys(seen[0]?.parsers ?? {}).map(Number);
    expect(oids.length).toBeGreaterThan(0);
    expect(oids.filter((oid) => !DRIZZLE_TEXT_TYPES.includes(oid))).toEqual([]);
  });

  it('refuses a parser it cannot set in the worker instead of dropping it', async () => {
    const statements = {
      query: async () => ({ rows: [], fields: [] }),
      transaction: async <T>(run: (tx: never) => Promise<T>) => run(undefined as never),
    };
    const client = drizzleClient(statements as never);
    expect(() => client.query('select 1', [], { parsers: { 23: (v: string) => v } })).toThrow(
      /parsers of types 23/,
    );
  });
});
