import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import type { Db } from '@lantern/db/client';
import { roles } from '@lantern/db/schema/access';
import { clcs } from '@lantern/db/schema/people';
import type { RoleOption } from '@lantern/contracts/grants';
import { grantsFor } from '../../lib/grants';
import { containsPattern } from '../../lib/sql';
import type { AuthContext } from '../../plugins/auth';

/** CLCs for a select: never more than the dropdown limit; `complete` false means search for more. */
export async function findClcOptions(db: Db, scope: number[] | null, q: string | undefined) {
  const pattern = q ? containsPattern(q) : null;
  const found = await db
    .select({ id: clcs.id, name: clcs.name, code: clcs.code })
    .from(clcs)
    .where(
      and(
        eq(clcs.isActive, true),
        scope ? inArray(clcs.id, scope.length ? scope : [-1]) : undefined,
        pattern ? or(ilike(clcs.name, pattern), ilike(clcs.code, pattern)) : undefined,
      ),
    )
    .orderBy(asc(clcs.name))
    .limit(DROPDOWN_OPTIONS_LIMIT + 1);
  return {
    items: found.slice(0, DROPDOWN_OPTIONS_LIMIT),
    complete: found.length <= DROPDOWN_OPTIONS_LIMIT,
  };
}

/** Every application role, each saying whether the asker may grant it (the user form's roles). */
export async function findRoleOptions(db: Db, auth: AuthContext): Promise<RoleOption[]> {
  const [found, grants] = await Promise.all([
    db
      .select({ key: roles.key, label: roles.label })
      .from(roles)
      .orderBy(asc(roles.sortOrder), asc(roles.key)),
    grantsFor(db, auth),
  ]);
  const grantable = new Set(grants.grantableRoles());
  return found.map((role) => ({ ...role, grantable: grantable.has(role.key) }));
}
