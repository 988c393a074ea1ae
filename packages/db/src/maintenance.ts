import type { Database } from './client';

/**
 * PostgreSQL's autovacuum defaults (`autovacuum_vacuum_threshold`, `…_scale_factor`,
 * `autovacuum_vacuum_insert_threshold`, `…_insert_scale_factor`, `autovacuum_analyze_threshold`,
 * `…_scale_factor`): PGlite has no autovacuum launcher, so the app applies the same rules itself.
 */
export const VACUUM_RULES = {
  deadBase: 50,
  deadScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

export type MaintenanceStep = {
  table: string;
  /** `vacuum (analyze)` when dead or newly inserted rows passed their threshold, else `analyze`. */
  action: 'vacuum' | 'analyze';
  deadRows: number;
  ms: number;
};

type TableStats = {
  schema: string;
  table: string;
  live: number;
  dead: number;
  inserted: number;
  modified: number;
};

/**
 * The tables whose dead rows, rows inserted since the last vacuum or rows changed since the last
 * analyze passed autovacuum's thresholds, most dead rows first.
 */
export async function tablesDue(
  database: Pick<Database, 'query'>,
  options: { everyTable?: boolean } = {},
): Promise<TableStats[]> {
  const r = VACUUM_RULES;
  const rows = await database.query<TableStats>(
    `select schemaname as schema, relname as "table", n_live_tup::float8 as live,
            n_dead_tup::float8 as dead, n_ins_since_vacuum::float8 as inserted,
            n_mod_since_analyze::float8 as modified
       from pg_stat_user_tables
      where $7::boolean
         or n_dead_tup > $1::float8 + $2::float8 * n_live_tup
         or n_ins_since_vacuum > $3::float8 + $4::float8 * n_live_tup
         or n_mod_since_analyze > $5::float8 + $6::float8 * n_live_tup
      order by n_dead_tup desc, schemaname, relname`,
    [
      r.deadBase,
      r.deadScale,
      r.insertBase,
      r.insertScale,
      r.analyzeBase,
      r.analyzeScale,
      options.everyTable === true,
    ],
  );
  return rows;
}

const UNDEFINED_TABLE = '42P01';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Vacuums (and analyzes) or only analyzes each table that is due, one table at a time. On PGlite
 * a request waits while a table is vacuumed, so the work is cut into tables and done often
 * enough (hourly) that each run has only the last hour's changes to clean up.
 *
 * `everyTable` vacuums and analyzes them all: PGlite keeps no statistics across a restart, so
 * what changed before it is invisible to the thresholds. The visibility map keeps a vacuum of a
 * table that is already clean cheap.
 */
export async function vacuumWhereDue(
  database: Pick<Database, 'query' | 'exec'>,
  options: { everyTable?: boolean } = {},
): Promise<MaintenanceStep[]> {
  const r = VACUUM_RULES;
  const steps: MaintenanceStep[] = [];
  for (const t of await tablesDue(database, options)) {
    const vacuum =
      options.everyTable === true ||
      t.dead > r.deadBase + r.deadScale * t.live ||
      t.inserted > r.insertBase + r.insertScale * t.live;
    const name = `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
    const started = performance.now();
    try {
      // VACUUM may not run in a transaction block: a simple statement of its own.
      await database.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
    } catch (error) {
      // Dropped since the list was read (pg-boss drops a deleted queue's table): nothing to do.
      if ((error as { code?: unknown }).code === UNDEFINED_TABLE) continue;
      throw error;
    }
    steps.push({
      table: `${t.schema}.${t.table}`,
      action: vacuum ? 'vacuum' : 'analyze',
      deadRows: t.dead,
      ms: Math.round(performance.now() - started),
    });
  }
  return steps;
}
