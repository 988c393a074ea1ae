import { existsSync, mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { drizzleClient } from './pglite-driver';
import { PgliteConnection, type QueryExtras } from './pglite-connection';
import type { QueryResult } from './pglite-protocol';
import { schema } from './schema';

/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A parameterised statement run outside Drizzle (pg-boss, benchmarks, maintenance). */
export type RawQuery = <T extends Record<string, unknown>>(
  text: string,
  params?: unknown[],
) => Promise<T[]>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  query: RawQuery;
  /** Runs several statements separated by semicolons, without parameters. */
  exec: (text: string) => Promise<void>;
  /** Like `exec`, with the last statement's rows (pg-boss's schema and maintenance). */
  execRows: <T extends Record<string, unknown>>(text: string) => Promise<T[]>;
  /**
   * The embedded engine, when it is PGlite (dumps of the data folder, COPY through `/dev/blob`).
   * It reads dates and times as text, as drizzle does; `query` and `exec` above give them as
   * Date objects.
   */
  pglite: EmbeddedEngine | null;
  close: () => Promise<void>;
};

/**
 * PGlite in its worker thread, as far as the app reaches it directly (decision 0017): each call
 * takes its turn on the one connection, like every other statement.
 */
export type EmbeddedEngine = {
  query: <T>(text: string, params?: unknown[], options?: QueryExtras) => Promise<QueryResult<T>>;
  exec: (text: string) => Promise<QueryResult<Record<string, unknown>>[]>;
  dumpDataDir: (compression?: 'none' | 'gzip' | 'auto') => Promise<Blob>;
};

/** The raw statements of a database, by the drizzle database `openDatabase` made with them. */
const rawByDb = new WeakMap<Db, Pick<Database, 'query' | 'execRows'>>();

/**
 * The raw `query` and `execRows` of the database under `db` (pg-boss over the app's own
 * connection), or null for a transaction or a database made elsewhere.
 */
export function rawAccessOf(db: Db): Pick<Database, 'query' | 'execRows'> | null {
  return rawByDb.get(db) ?? null;
}

export type OpenOptions =
  { url: string; poolSize?: number } | { dataDir: string | null; loadDataDir?: Blob | File };

/** Opens PostgreSQL when given a URL, else PGlite in `dataDir` (null: in memory). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (a restart, a failover, a dropped database) must not
    // bring the process down; the pool opens a new one for the next query.
    pool.on('error', () => undefined);
    // The same while a connection is lent out (in a transaction): the query in flight fails and
    // its request answers with an error; the event itself must not end the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // A bigint count from pg is a string; PGlite gives a number. Parse int8 so both agree.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return registered({
      db,
      kind: 'postgres',
      pglite: null,
      query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
        (await pool.query<T>(text, params)).rows,
      exec: async (text) => {
        await pool.query(text);
      },
      execRows: async <T extends Record<string, unknown>>(text: string) => {
        const results = (await pool.query<T>(text)) as unknown as
          pg.QueryResult<T> | pg.QueryResult<T>[];
        return (Array.isArray(results) ? results.at(-1)?.rows : results.rows) ?? [];
      },
      close: () => pool.end(),
    });
  }
  if (options.dataDir && !existsSync(options.dataDir))
    mkdirSync(options.dataDir, { recursive: true });
  // PGlite runs in a worker thread, so that a slow statement does not stop the HTTP thread;
  // the app and pg-boss share its one connection, a transaction at a time (decision 0017).
  const connection = await PgliteConnection.open({
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({
    client: drizzleClient(connection) as unknown as PGlite,
    schema,
  }) as unknown as Db;
  return registered({
    db,
    kind: 'pglite',
    pglite: {
      query: (text, params, extras) => connection.query(text, params, 'text', extras),
      exec: (text) => connection.exec(text, 'text'),
      dumpDataDir: (compression) => connection.dumpDataDir(compression),
    },
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await connection.query<T>(text, params, 'own')).rows,
    exec: async (text) => {
      await connection.exec(text, 'own');
    },
    execRows: async <T extends Record<string, unknown>>(text: string) =>
      ((await connection.exec(text, 'own')).at(-1)?.rows ?? []) as T[],
    close: () => connection.close(),
  });
}

function registered(database: Database): Database {
  rawByDb.set(database.db, database);
  return database;
}
