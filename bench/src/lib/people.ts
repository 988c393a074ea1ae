import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Database } from '@lantern/db/client';
import { generateClcs, insertStudents } from '@lantern/db/generate';
import { clcs } from '@lantern/db/schema/people';
import type { Context } from './context';
import { createDatabase, dropDatabase, PG_ADMIN_URL } from './db';
import { ensureBuilt, startApp, type AppProcess } from './processes';

/** The network of the issue's benchmarks: 100,000 students over 50 CLCs. */
export const STUDENTS = 100_000;
export const CLC_COUNT = 50;
export const SEED = 2026;

export type PeopleApp = {
  kind: 'pglite' | 'postgres';
  app: AppProcess;
  /** The floor's database: a copy of the app's PGlite folder, or the same PostgreSQL database. */
  floor: Database;
  /** The ids of the generated CLCs. */
  clcIds: number[];
  /** Milliseconds to load the students (insertStudents, including its ANALYZE). */
  loadMs: number;
  pgDatabase: { name: string; url: string } | null;
  close: () => Promise<void>;
};

/**
 * An app on a new database that holds the demo data and 100,000 generated students: start it
 * once (migrate, seed), stop it, load the students with packages/db/generate into the same data
 * folder or database (the folder is locked while the app runs), copy the PGlite folder for the
 * in-process floor, and start the app again.
 */
export async function startAppWithStudents(
  context: Context,
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  students: number = STUDENTS,
): Promise<PeopleApp> {
  await ensureBuilt();
  const dataDir = context.newDir(`people-${kind}`);
  const pgDatabase = kind === 'postgres' ? await createDatabase() : null;
  // A first start on a new folder (initdb, migrations, demo seed) takes minutes on a busy machine.
  const timeoutMs = 600_000;
  const appOptions = pgDatabase
    ? { dataDir, databaseUrl: pgDatabase.url, demo: true, env, timeoutMs }
    : { dataDir, env, timeoutMs };
  let floor: Database | null = null;
  try {
    const first = await startApp(appOptions);
    await first.stop();

    const database = pgDatabase
      ? await openDatabase({ url: pgDatabase.url, poolSize: 1 })
      : await openDatabase({ dataDir: join(dataDir, 'pgdata') });
    let clcIds: number[];
    let loadMs: number;
    try {
      const rows = await database.db
        .insert(clcs)
        .values(generateClcs(CLC_COUNT, SEED))
        .returning({ id: clcs.id });
      clcIds = rows.map((r) => r.id);
      const started = performance.now();
      await insertStudents(database.db, { clcIds, count: students, seed: SEED });
      loadMs = performance.now() - started;
      // What an operator does after a bulk import; on PostgreSQL it also keeps autovacuum from
      // running (and being counted) while the requests are measured.
      await database.exec('vacuum analyze');
    } finally {
      await database.close();
    }

    if (pgDatabase) {
      floor = await openDatabase({ url: pgDatabase.url, poolSize: 10 });
    } else {
      const copy = context.newDir(`people-floor-${kind}`);
      cpSync(join(dataDir, 'pgdata'), copy, { recursive: true });
      floor = await openDatabase({ dataDir: copy });
    }
    const app = await startApp(appOptions);
    const floorDb = floor;
    return {
      kind,
      app,
      floor: floorDb,
      clcIds,
      loadMs,
      pgDatabase,
      close: async () => {
        await floorDb.close();
        await app.stop();
        if (pgDatabase) await dropDatabase(pgDatabase.name);
      },
    };
  } catch (error) {
    if (floor) await floor.close();
    if (pgDatabase) await dropDatabase(pgDatabase.name);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The SQL of apps/api/src/modules/people/people.repository.ts, as Drizzle renders it for the
// student list of an admin whose role reaches every CLC (no scope condition). Keep it in step
// with findPeople and peopleBatches there: the scenarios fail loudly when the rows differ.

const SEARCH_TEXT = `lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, ''))`;

export const LIST_COLUMNS = `u.jwl_id as id, u.username, u.first_name, u.last_name, u.email, u.phone, u.gender, u.status,
  u.employee_type, u.last_sign_in_at, u.created_at, sp.nationality, sp.residency_status, sp.birth_date::text as birth_date,
  array(select ur.role_key from user_roles ur where ur.user_id = u.jwl_id order by ur.role_key) as roles,
  array(select c.code from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id order by c.code) as clcs`;

const FROM = `from users u left join student_profiles sp on sp.user_id = u.jwl_id`;

export type StudentFilter = { clc?: number; q?: string };
export type Statement = { text: string; params: unknown[] };

/** The WHERE of `where()` for the student kind and these filters, with its parameters. */
function studentWhere(filter: StudentFilter): Statement {
  const params: unknown[] = ['STUDENT'];
  const parts = [
    'true',
    'exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key in ($1))',
  ];
  if (filter.clc !== undefined) {
    params.push(filter.clc);
    parts.push(
      `exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and uc.clc_id = $${String(params.length)})`,
    );
  }
  if (filter.q !== undefined) {
    if (/^\d{1,9}$/.test(filter.q)) throw new Error('The bench searches by text, not by JWL-ID.');
    params.push(`%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`${SEARCH_TEXT} like $${String(params.length)}`);
  }
  return { text: parts.join(' and '), params };
}

/** A page of findPeople: by offset, or just after a row (lower(last_name), id) it saw. */
export type StudentPage = { limit: number } & (
  { page: number } | { after: { value: string; id: number } }
);

/**
 * findPeople's two queries (page and total) for sort=lastName&dir=asc: the page's ids (one more
 * than the page, to know whether another follows) with their sort key, then the columns; the
 * count from the role's memberships when only memberships filter, else from users.
 */
export function studentListSql(
  filter: StudentFilter,
  page: StudentPage,
): { list: Statement; count: Statement } {
  const where = studentWhere(filter);
  const params = [...where.params];
  let keyset = '';
  if ('after' in page) {
    params.push(page.after.value, page.after.id);
    keyset = ` and (lower(u.last_name), u.jwl_id) > ($${String(params.length - 1)}, $${String(params.length)})`;
  }
  params.push(page.limit + 1, 'page' in page ? (page.page - 1) * page.limit : 0);
  const n = params.length;
  const count: Statement =
    filter.q === undefined
      ? {
          text: `select count(*)::int as n from user_roles k where k.role_key = $1${
            filter.clc === undefined
              ? ''
              : ' and exists (select 1 from user_clcs uc where uc.user_id = k.user_id and uc.clc_id = $2)'
          }`,
          params: filter.clc === undefined ? ['STUDENT'] : ['STUDENT', filter.clc],
        }
      : { text: `select count(*)::int as n ${FROM} where ${where.text}`, params: where.params };
  return {
    list: {
      text: `with page as (
            select u.jwl_id, (lower(u.last_name))::text as sort_key ${FROM}
            where ${where.text}${keyset}
            order by lower(u.last_name) asc nulls last, u.jwl_id asc
            limit $${String(n - 1)} offset $${String(n)}
          )
          select ${LIST_COLUMNS}, p.sort_key
          from page p join users u on u.jwl_id = p.jwl_id left join student_profiles sp on sp.user_id = u.jwl_id
          order by lower(u.last_name) asc nulls last, u.jwl_id asc`,
      params,
    },
    count,
  };
}

/** peopleBatches' columns and rows for the unfiltered student export, as one SELECT for COPY. */
/** The student export's columns (apps/api/src/modules/people/people.export.ts), as one SELECT for COPY. */
export const STUDENT_EXPORT_SELECT = `select u.jwl_id::text, u.username, u.first_name, u.last_name, u.email, u.phone, u.gender::text,
            u.status::text,
            (select string_agg(c.code, ' ' order by c.code) from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id),
            (select string_agg(ur.role_key, ' ' order by ur.role_key) from user_roles ur where ur.user_id = u.jwl_id),
            sp.birth_date::text, sp.nationality, sp.residency_status::text, sp.country_of_residence, sp.native_language,
            sp.schooling_level::text, sp.unhcr_number, sp.identification_type::text, sp.device_type::text, sp.cefr_level::text,
            to_char(u.last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          ${FROM}
          where true and exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key in ('STUDENT'))
          order by u.jwl_id`;

// ---------------------------------------------------------------------------------------------
// Measuring

/** The value at quantile q (0–1) of the samples, nearest rank. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Resident set size of a process in bytes (Linux /proc). */
export async function rssBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${String(pid)}.`);
  return Number(kb) * 1024;
}

/**
 * Transactions committed in a PostgreSQL database so far, read on a new connection. Statements
 * outside a transaction block are one transaction each, so the difference over N requests is
 * the statements they ran. Backends report their counts when idle for 10 s or when they end,
 * so `settle` waits that long first.
 */
export async function committedTransactions(name: string, settleMs = 11_000): Promise<number> {
  await sleep(settleMs);
  const reader = await openDatabase({ url: PG_ADMIN_URL, poolSize: 1 });
  try {
    const [row] = await reader.query<{ n: number }>(
      'select (xact_commit + xact_rollback)::int as n from pg_stat_database where datname = $1',
      [name],
    );
    return row?.n ?? 0;
  } finally {
    await reader.close();
  }
}
