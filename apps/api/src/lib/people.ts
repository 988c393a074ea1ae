import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { clcs, users } from '@lantern/db/schema/people';

/** Id, name and code of some CLCs, by name. Shared by every area that shows a person's CLCs. */
export async function findClcRefs(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: clcs.id, name: clcs.name, code: clcs.code })
    .from(clcs)
    .where(inArray(clcs.id, ids))
    .orderBy(asc(clcs.name));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.jwlId, userId));
}
