import type { SQL } from 'drizzle-orm';
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
