import { sql } from 'drizzle-orm';
import type { Role, RightInfo } from '@lantern/contracts/authorisation';
import type { RoleScope } from '@lantern/contracts/roles';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

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
