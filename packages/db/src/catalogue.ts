import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RIGHTS, rightAction, rightFamily } from '@lantern/contracts/rights';
import { DEFAULT_ROLES, ROLE_KEYS, defaultRightsOf } from '@lantern/contracts/roles';
import type { Db } from './client';
import { rights, roleRights, roles } from './schema/access';
import { settings } from './schema/operations';

/**
 * Keeps the database in step with the code at every start: rights new to the catalogue are
 * added and given to the built-in roles whose default map holds them; a built-in role that
 * is missing is created with its default rights. Admin edits to existing roles stay untouched.
 */
export async function syncCatalogue(db: Db): Promise<{ newRights: number; newRoles: number }> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(rights)
      .values(RIGHTS.map((key) => ({ key, family: rightFamily(key), action: rightAction(key) })))
      .onConflictDoNothing()
      .returning({ key: rights.key });
    const createdRoles = await tx
      .insert(roles)
      .values(
        ROLE_KEYS.map((key, i) => ({
          key,
          label: DEFAULT_ROLES[key].label,
          scope: DEFAULT_ROLES[key].scope,
          isBuiltIn: true,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing()
      .returning({ key: roles.key });
    const newRightKeys = new Set(added.map((r) => r.key));
    const newRoleKeys = new Set(createdRoles.map((r) => r.key));
    const grants = ROLE_KEYS.flatMap((role) =>
      defaultRightsOf(role)
        .filter((right) => newRoleKeys.has(role) || newRightKeys.has(right))
        .map((right) => ({ roleKey: role, rightKey: right })),
    );
    if (grants.length > 0) await tx.insert(roleRights).values(grants).onConflictDoNothing();
    return { newRights: added.length, newRoles: createdRoles.length };
  });
}

// content_secret signs the content origin's launch tokens (decision 0020 §2.3).
export const SECRET_KEYS = ['jwt_secret', 'link_secret', 'content_secret'] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

/** Signing secrets shared by every API node; made once, kept in the database. */
export async function ensureSecrets(db: Db): Promise<Record<SecretKey, string>> {
  await db
    .insert(settings)
    .values(SECRET_KEYS.map((key) => ({ key, value: randomBytes(48).toString('base64url') })))
    .onConflictDoNothing();
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`${settings.key} in ('jwt_secret', 'link_secret', 'content_secret')`);
  const found = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const jwt = found.jwt_secret;
  const link = found.link_secret;
  const content = found.content_secret;
  if (!jwt || !link || !content)
    throw new Error('The signing secrets could not be read from the settings table.');
  return { jwt_secret: jwt, link_secret: link, content_secret: content };
}
