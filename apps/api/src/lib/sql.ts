import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';

/** Rows of a raw Drizzle `sql` query; both drivers answer with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A search text as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Values as a list for `in (…)`: one parameter each, for short lists (scopes, states). */
export const inList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type Cell = string | number | boolean | null;

const ESCAPED = /[\\"]/;

/**
 * A PostgreSQL array literal, bound as one text parameter and read with `::text::<type>[]`:
 * a whole column of rows in one parameter, so a set-based statement stays one round trip
 * whatever the number of rows (and far below the driver's 65,535-parameter limit).
 */
export function pgArray(values: readonly Cell[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'boolean') return v ? 't' : 'f';
    if (typeof v === 'number') return String(v);
    // Most values need no escape: test once rather than copy them twice.
    return ESCAPED.test(v) ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
  });
  return `{${items.join(',')}}`;
}

/** JSON's escape of a lone UTF-16 surrogate (or a false alarm after an escaped backslash). */
const SURROGATE_ESCAPE = /\\ud[89a-f]/;

/**
 * A value as JSON text, for a whole set of rows in one parameter (`jsonb_array_elements`,
 * `json_to_recordset`): one native JSON.stringify, no escaping by hand. A lone surrogate,
 * which PostgreSQL's JSON refuses, becomes U+FFFD, as the drivers send it in text.
 */
export function jsonParam(value: unknown): string {
  const text = JSON.stringify(value);
  if (!SURROGATE_ESCAPE.test(text)) return text;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' ? v.replace(/\p{Cs}/gu, '\uFFFD') : v,
  );
}

export const intArray = (values: readonly (number | null)[]): SQL =>
  sql`${pgArray(values)}::text::int[]`;
export const textArray = (values: readonly (string | null)[]): SQL =>
  sql`${pgArray(values)}::text::text[]`;

/** `column = any(scope)`, or true for a request that reaches every CLC. */
export const inScope = (column: SQL, scope: number[] | null): SQL =>
  scope === null ? sql`true` : sql`${column} = any(${intArray(scope)})`;

/**
 * Fresh planner statistics for tables a bulk write has just grown. PGlite has no autovacuum
 * (the hourly maintenance job stands in for it, 0014) and PostgreSQL's waits up to a minute, so
 * a statement right after a large import would be planned for the tables as they were: the
 * re-run of a 20,000-row file took 19 s instead of 1 s, each applicant's enrolment looked up by
 * scanning a table believed empty (0017). ANALYZE samples, so it stays cheap as tables grow.
 * Best effort: the write has committed, and a failure here leaves the statistics to the
 * hourly job rather than turning a done import into an error.
 */
export async function analyzeAfterBulkWrite(db: Db, tables: readonly string[]): Promise<void> {
  try {
    await db.execute(sql.raw(`analyze ${tables.map((t) => `"${t}"`).join(', ')}`));
  } catch {
    // The hourly maintenance analyzes these tables too.
  }
}
