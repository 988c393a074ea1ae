import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { users } from '@lantern/db/schema/people';
import { containsPattern } from '../../lib/sql';
import { userRoles } from '@lantern/db/schema/access';

/** Users one may act as: matching the search, never a super admin, never oneself. */
export async function searchImpersonationTargets(db: Db, search: string, selfId: number) {
  const pattern = containsPattern(search.toLowerCase());
  const asId = /^\d{1,9}$/.test(search) ? Number(search) : null;
  return db
    .select({
      id: users.jwlId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(
      and(
        ne(users.jwlId, selfId),
        // A removed person (data cleanup, merge) cannot be acted as.
        isNull(users.deletedAt),
        ne(users.systemRole, 'superAdmin'),
        sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.jwlId} and ${userRoles.roleKey} = 'SUPER_ADMIN')`,
        or(
          sql`lower(${users.username}) like ${pattern}`,
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
          asId === null ? sql`false` : eq(users.jwlId, asId),
        ),
      ),
    )
    .orderBy(asc(users.username))
    .limit(20);
}
