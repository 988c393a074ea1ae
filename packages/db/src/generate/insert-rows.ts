// Inserting: one statement per batch of rows, the columns passed as arrays and unnested
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { clcs, users } from '../schema/people';
import type { ClcRef } from './students';

export type Cell = string | number | boolean | null;

/** A PostgreSQL array literal of the values, read by the server with `::text::<type>[]`. */
export function pgArrayLiteral(values: readonly Cell[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'boolean') return v ? 't' : 'f';
    if (typeof v === 'number') return String(v);
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

export const column = <T>(rows: readonly T[], read: (row: T) => Cell): string =>
  pgArrayLiteral(rows.map(read));

export async function takenUsernames(db: Db): Promise<Set<string>> {
  const rows = await db.select({ username: users.username }).from(users);
  return new Set(rows.map((r) => r.username.toLowerCase()));
}

export async function clcRefs(db: Db, clcIds: number[]): Promise<ClcRef[]> {
  const rows = await db
    .select({ id: clcs.id, code: clcs.code, country: clcs.country })
    .from(clcs)
    .where(inArray(clcs.id, clcIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = clcIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new Error(`No CLC with id ${missing.join(', ')}.`);
  // In the order given, so that the same ids give the same people.
  return clcIds.map((id) => byId.get(id) ?? { id, code: '', country: '' });
}
