import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';

/** Deletes up to `batch` commit receipts older than `keepDays` days; how many went. */
export async function deleteOldCommits(db: Db, keepDays: number, batch: number): Promise<number> {
  const gone = await rows<{ n: number }>(
    db,
    sql`with due as (
            select attempt_id, launch_no, seq from wbt_commits
            where received_at < now() - make_interval(days => ${keepDays})
            limit ${batch})
          , removed as (
            delete from wbt_commits c using due
            where (c.attempt_id, c.launch_no, c.seq) = (due.attempt_id, due.launch_no, due.seq)
            returning 1)
          select count(*)::int as n from removed`,
  );
  return gone[0]?.n ?? 0;
}
