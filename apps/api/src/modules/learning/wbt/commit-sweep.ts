import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';

/** How long a commit's receipt is kept (decision 0020 §2.1). */
export const COMMIT_KEEP_DAYS = 90;

/**
 * Removes receipts of training commits older than 90 days, in batches so a big backlog never
 * holds one long statement (PGlite serves requests on the same connection). A receipt only
 * tells a resent commit from a new one, and a launch takes commits for 7 days: an old receipt
 * can no longer be needed, and the values and states the commit wrote stay. How many went.
 */
export async function sweepOldCommits(db: Db, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const gone = await rows<{ n: number }>(
      db,
      sql`with due as (
            select attempt_id, launch_no, seq from wbt_commits
            where received_at < now() - make_interval(days => ${COMMIT_KEEP_DAYS})
            limit ${batch})
          , removed as (
            delete from wbt_commits c using due
            where (c.attempt_id, c.launch_no, c.seq) = (due.attempt_id, due.launch_no, due.seq)
            returning 1)
          select count(*)::int as n from removed`,
    );
    const n = gone[0]?.n ?? 0;
    removed += n;
    if (n < batch) return removed;
  }
}
