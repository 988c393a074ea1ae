import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../plugins/auth';

type Cell = string | number | boolean | null;

const ESCAPED = /[\\"]/;

/** The largest value of an `integer` column (ids, JWL-IDs). */
export const MAX_ID = 2_147_483_647;

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

/** Who writes an audit row, as SQL values for set-based inserts into audit_log. */
export function auditActor(auth: AuthContext) {
  return {
    actorId: sql`${auth.user.jwlId}::int`,
    impersonatorId: sql`${auth.impersonating ? auth.realUser.jwlId : null}::int`,
    ip: sql`${auth.ip}::text`,
  };
}
