import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Long loops on the HTTP thread (reading and checking an imported file's rows) work in slices:
 * the returned function resolves at once until `sliceMs` has passed since the last pause, then
 * only after the event loop has served what waits (requests, timers), so that no request waits
 * for a whole file (decision 0017).
 */
export function slicer(sliceMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await afterIo();
    since = performance.now();
  };
}

/**
 * `work` over `items` a piece at a time, results in order. A statement over a whole file (its
 * array or JSON parameter built, sent to the database thread and its rows read back) holds
 * the HTTP thread for as long as the file is large; in pieces, each await gives the event loop
 * its turn (decision 0017).
 */
export async function inPieces<T, R>(
  items: readonly T[],
  size: number,
  work: (piece: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += size)
    out.push(...(await work(items.slice(at, at + size))));
  return out;
}

/**
 * Fresh planner statistics for tables a bulk write has just grown. PGlite has no autovacuum
 * (the hourly maintenance job stands in for it) and PostgreSQL's waits up to a minute, so a
 * statement right after a large import would be planned for the tables as they were: the
 * re-run of a 20,000-row file took 20 s instead of 1 s, each applicant's enrolment looked up
 * by scanning a table believed empty. ANALYZE samples, so it stays cheap as tables grow.
 */
export async function analyzeAfterBulkWrite(db: Db, tables: readonly string[]): Promise<void> {
  await db.execute(sql.raw(`analyze ${tables.map((t) => `"${t}"`).join(', ')}`));
}
