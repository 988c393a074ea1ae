import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';

// The advisory locks of applicant matching (enrolments.match.ts, lockForMatch).

/** Advisory-lock classes of applicant matching (fixed numbers no other lock uses). */
const ALL_APPLICANTS_LOCK = [0x4c414e, 0] as const;
/** The class of one match key's lock; the key's hash is the object id. */
const KEY_LOCK_CLASS = 0x4c414f;

/** The whole class (an import), or a share of it (a hand entry), for the transaction. */
export async function lockAllApplicants(tx: Db, shared: boolean) {
  await tx.execute(
    shared
      ? sql`select pg_advisory_xact_lock_shared(${ALL_APPLICANTS_LOCK[0]}::int, ${ALL_APPLICANTS_LOCK[1]}::int)`
      : sql`select pg_advisory_xact_lock(${ALL_APPLICANTS_LOCK[0]}::int, ${ALL_APPLICANTS_LOCK[1]}::int)`,
  );
}

/** One match key's lock, for the transaction. */
export async function lockMatchKey(tx: Db, key: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}::int, hashtext(${key}::text))`,
  );
}
