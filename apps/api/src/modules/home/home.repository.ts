import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { sessions, userRoles } from '@lantern/db/schema/access';
import { mailOutbox } from '@lantern/db/schema/operations';
import { clcs, userClcs, users } from '@lantern/db/schema/people';
import { classInScope, type ClassScope } from '../../lib/class-scope';
import { rows } from '../../lib/sql';

/** null: every CLC (the role's scope is all CLCs); else only these. */
export type ClcScope = number[] | null;

export async function countPeople(db: Db, scope: ClcScope, roleKey?: string): Promise<number> {
  const base = db.select({ n: countDistinct(users.jwlId) }).from(users);
  const withRole = roleKey
    ? base.innerJoin(
        userRoles,
        and(eq(userRoles.userId, users.jwlId), eq(userRoles.roleKey, roleKey)),
      )
    : base;
  const scoped = scope
    ? withRole.innerJoin(
        userClcs,
        and(eq(userClcs.userId, users.jwlId), inArray(userClcs.clcId, scope.length ? scope : [-1])),
      )
    : withRole;
  const [row] = await scoped;
  return row?.n ?? 0;
}

export async function countClcs(db: Db, scope: ClcScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clcs)
    .where(
      and(
        eq(clcs.isActive, true),
        scope ? inArray(clcs.id, scope.length ? scope : [-1]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function countMailsWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'failed', 'stored']));
  return row?.n ?? 0;
}

export async function countRecentSignIns(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(gt(sessions.createdAt, sql`now() - interval '1 day'`));
  return row?.n ?? 0;
}

/** The classes of running or upcoming programmes the scope reaches (for staff: those they teach). */
export async function countOwnClasses(db: Db, scope: ClassScope): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from classes c join programmes p on p.id = c.programme_id
        where p.status not in ('finished', 'cancelled')
          and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)}`,
  );
  return row?.n ?? 0;
}
