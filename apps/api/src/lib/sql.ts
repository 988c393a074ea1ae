import type { SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';

/** Rows of a raw Drizzle `sql` query; both drivers answer with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A database error's SQLSTATE code (Drizzle wraps driver errors; the code is on the cause). */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
