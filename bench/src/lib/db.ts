import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { asc, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '@lantern/db/client';
import { migrate } from '@lantern/db/migrate';
import { syncCatalogue } from '@lantern/db/catalogue';
import { seedDemo } from '@lantern/db/seed';
import { clcs } from '@lantern/db/schema/people';

/** The server the PostgreSQL scenarios use (its `test` database only creates and drops ours). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * What the app does to a new PGlite folder before it listens (server.ts prepareDatabase):
 * open, migrate, sync the rights catalogue, seed the demo data. Answers the milliseconds.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrate(database);
  await syncCatalogue(database.db);
  await seedDemo(database.db);
}

let floorFolder: Promise<{ dir: string; ms: number }> | null = null;

/**
 * A PGlite folder of the bench's own, migrated and seeded with the packages/db functions, made
 * once per run: the in-process floor opens it (never the folder of a running server).
 */
export function floorPgliteFolder(tmpRoot: string): Promise<{ dir: string; ms: number }> {
  floorFolder ??= (async () => {
    const dir = join(tmpRoot, 'floor-pglite');
    const started = performance.now();
    const database = await openDatabase({ dataDir: dir });
    try {
      await prepareDatabase(database);
    } finally {
      await database.close();
    }
    return { dir, ms: performance.now() - started };
  })();
  return floorFolder;
}

/** A new database lantern_bench_<random> on the PostgreSQL server; drop it with `dropDatabase`. */
export async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `lantern_bench_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: PG_ADMIN_URL, poolSize: 1 });
  try {
    await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^lantern_bench_[0-9a-f]+$/.test(name)) throw new Error(`Refusing to drop ${name}.`);
  const admin = await openDatabase({ url: PG_ADMIN_URL, poolSize: 1 });
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.close();
  }
}

/**
 * The per-request principal query of apps/api/src/plugins/principal.ts `loadSessionPrincipal`:
 * migration 0007's function ($1 session id, $2 user id). Keep it in step with that file.
 */
export const PRINCIPAL_SQL = `select * from auth_principal($2::integer, $1::uuid, null::text, null::text)`;

export type PrincipalRow = {
  jwl_id: number;
  rights: string[];
  clc_ids: number[];
  revoked_at: Date | null;
};

/** The `findClcRefs` query of apps/api/src/lib/people.ts, rendered by Drizzle from the same schema. */
export function clcRefsQuery(
  database: Database,
  ids: number[],
): { sql: string; params: unknown[] } {
  return database.db
    .select({ id: clcs.id, name: clcs.name, code: clcs.code })
    .from(clcs)
    .where(inArray(clcs.id, ids))
    .orderBy(asc(clcs.name))
    .toSQL();
}

/** A session of `username` as sign-in starts it (the role they used last, else their first). */
export async function insertSession(
  database: Database,
  username: string,
): Promise<{ sid: string; userId: number }> {
  const [row] = await database.query<{ id: string; user_id: number }>(
    `insert into sessions (user_id, active_role_key)
       select u.jwl_id, coalesce(
         (select ur.role_key from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = u.last_role_key),
         (select ur.role_key from user_roles ur join roles r on r.key = ur.role_key where ur.user_id = u.jwl_id order by r.sort_order, ur.role_key limit 1))
       from users u where u.username = $1
     returning id, user_id`,
    [username],
  );
  if (!row) throw new Error(`No user ${username} in the floor database.`);
  return { sid: row.id, userId: row.user_id };
}

/**
 * One request's SQL, bare: the principal query, then the CLC refs of the user's CLCs, each a
 * parameterised statement straight on the driver (no Drizzle, no Fastify). Answers the row.
 */
export async function requestSql(
  database: Database,
  sid: string,
  userId: number,
): Promise<PrincipalRow> {
  const [row] = await database.query<PrincipalRow>(PRINCIPAL_SQL, [sid, userId]);
  if (!row) throw new Error('The principal query found no row.');
  if (row.clc_ids.length > 0) {
    const refs = clcRefsQuery(database, row.clc_ids);
    await database.query(refs.sql, refs.params);
  }
  return row;
}
