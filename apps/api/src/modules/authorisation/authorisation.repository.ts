import { sql } from 'drizzle-orm';
import type { Role, RightInfo } from '@lantern/contracts/authorisation';
import type { RoleScope } from '@lantern/contracts/roles';
import type { Db } from '@lantern/db/client';
import { rows, textArray } from '../../lib/sql';

type RoleRow = {
  key: string;
  label: string;
  scope: RoleScope;
  is_built_in: boolean;
  version: number;
  user_count: number;
  rights: string[];
};

const toRole = (r: RoleRow): Role => ({
  key: r.key,
  label: r.label,
  scope: r.scope,
  isBuiltIn: r.is_built_in,
  version: r.version,
  userCount: r.user_count,
  rights: r.rights,
});

/** Removed people (cleaned up or merged) hold roles no more in effect: they are not counted. */
const SELECT_ROLE = sql`select r.key, r.label, r.scope, r.is_built_in, r.version,
  (select count(*)::int from user_roles ur join users u on u.jwl_id = ur.user_id
    where ur.role_key = r.key and u.deleted_at is null) as user_count,
  coalesce((select array_agg(rr.right_key order by rr.right_key) from role_rights rr
    where rr.role_key = r.key), '{}') as rights
  from roles r`;

export async function findRoles(db: Db): Promise<Role[]> {
  const found = await rows<RoleRow>(db, sql`${SELECT_ROLE} order by r.sort_order, r.key`);
  return found.map(toRole);
}

export async function getRole(db: Db, key: string): Promise<Role | null> {
  const [row] = await rows<RoleRow>(db, sql`${SELECT_ROLE} where r.key = ${key}`);
  return row ? toRole(row) : null;
}

/** The role row locked for an edit, so two edits of one role follow each other. */
export async function lockRole(db: Db, key: string) {
  const [row] = await rows<{ key: string; label: string; is_built_in: boolean; version: number }>(
    db,
    sql`select key, label, is_built_in, version from roles where key = ${key} for update`,
  );
  return row ?? null;
}

export async function findRights(db: Db): Promise<RightInfo[]> {
  return rows<RightInfo>(db, sql`select key, family, action from rights order by family, key`);
}

/** Every role-to-right pair, for the export. */
export async function findRoleRightPairs(db: Db) {
  return rows<{
    role_key: string;
    label: string;
    scope: RoleScope;
    is_built_in: boolean;
    right_key: string;
    family: string;
    action: string;
  }>(
    db,
    sql`select r.key as role_key, r.label, r.scope, r.is_built_in, g.key as right_key, g.family, g.action
        from roles r join role_rights rr on rr.role_key = r.key join rights g on g.key = rr.right_key
        order by r.sort_order, r.key, g.family, g.key`,
  );
}

/** Adds a role; false when its key is taken. */
export async function insertRole(
  tx: Db,
  role: { key: string; label: string; scope: RoleScope },
): Promise<boolean> {
  const created = await rows<{ key: string }>(
    tx,
    sql`insert into roles (key, label, scope, is_built_in)
          values (${role.key}, ${role.label}, ${role.scope}, false)
          on conflict (key) do nothing returning key`,
  );
  return created.length > 0;
}

export async function roleKeyExists(tx: Db, key: string): Promise<boolean> {
  const [taken] = await rows<{ key: string }>(tx, sql`select key from roles where key = ${key}`);
  return taken !== undefined;
}

/**
 * Relabels a role and sets its key. role_rights, user_roles and sessions follow a new key by
 * their foreign keys (on update cascade); the remembered role of a sign-in and of an
 * impersonation have none, so they are moved here.
 */
export async function renameRole(
  tx: Db,
  key: string,
  newKey: string,
  label: string,
): Promise<void> {
  await tx.execute(
    sql`update roles set key = ${newKey}, label = ${label}, version = version + 1,
          updated_at = now() where key = ${key}`,
  );
  if (newKey !== key) {
    await tx.execute(sql`update users set last_role_key = ${newKey} where last_role_key = ${key}`);
    await tx.execute(
      sql`update sessions set switch_role_key = ${newKey} where switch_role_key = ${key}`,
    );
  }
}

export async function roleRightKeys(tx: Db, key: string): Promise<string[]> {
  return (
    await rows<{ right_key: string }>(
      tx,
      sql`select right_key from role_rights where role_key = ${key} order by right_key`,
    )
  ).map((r) => r.right_key);
}

export async function removeRoleRights(tx: Db, key: string, removed: string[]): Promise<void> {
  await tx.execute(
    sql`delete from role_rights where role_key = ${key} and right_key = any(${textArray(removed)})`,
  );
}

export async function addRoleRights(tx: Db, key: string, added: string[]): Promise<void> {
  await tx.execute(
    sql`insert into role_rights (role_key, right_key)
            select ${key}, unnest(${textArray(added)}) on conflict do nothing`,
  );
}

export async function bumpRoleVersion(tx: Db, key: string): Promise<void> {
  await tx.execute(
    sql`update roles set version = version + 1, updated_at = now() where key = ${key}`,
  );
}
