import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { users } from '@lantern/db/schema/people';
import type { AuthContext } from '../../plugins/auth';
import { classInScope, classScope } from '../../lib/class-scope';
import { containsPattern, rows } from '../../lib/sql';
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

/** The person's chosen lms language, or null before they chose one. */
export async function findUserLocale(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.jwlId, userId));
  return row?.locale ?? null;
}

/** Keeps the person's language choice: a preference of their own, like the last role chosen,
 * so it does not raise the record's version (an open edit of the person stays valid). */
export async function updateUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.jwlId, userId));
}

const TODAY = sql`(now() at time zone 'utc')::date`;

/**
 * The end of the study break covering today (UTC) in any of the person's active enrolments,
 * the latest if several do; null when they are not on a break.
 */
export async function findStudyBreakUntil(db: Db, userId: number): Promise<string | null> {
  const [row] = await rows<{ until: string | null }>(
    db,
    sql`select max(b.ends_on)::text as until
        from study_breaks b join enrolments e on e.id = b.enrolment_id
        where e.user_id = ${userId} and e.state = 'active'
          and b.starts_on <= ${TODAY} and b.ends_on >= ${TODAY}`,
  );
  return row?.until ?? null;
}

/** Whether the caller reaches a class (class scope) of a programme not cancelled. */
export async function reachesAClass(db: Db, auth: AuthContext): Promise<boolean> {
  const [row] = await rows<{ reaches: boolean }>(
    db,
    sql`select exists (select 1 from classes k join programmes p on p.id = k.programme_id
          where p.status <> 'cancelled'
            and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}) as reaches`,
  );
  return row?.reaches === true;
}
