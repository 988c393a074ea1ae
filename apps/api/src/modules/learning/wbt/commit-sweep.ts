import type { Db } from '@lantern/db/client';
import { deleteOldCommits } from './commit-sweep.repository';

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
    const n = await deleteOldCommits(db, COMMIT_KEEP_DAYS, batch);
    removed += n;
    if (n < batch) return removed;
  }
}
