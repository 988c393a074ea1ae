import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { EmployeeType, Gender, SystemRole, UserStatus } from '@lantern/contracts/enums';
import type { RoleScope } from '@lantern/contracts/roles';
import { rows } from '../lib/sql';

/** A person as a request sees them, with the role they act in and its rights, read fresh. */
export type Principal = {
  jwlId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  systemRole: SystemRole;
  employeeType: EmployeeType | null;
  gender: Gender | null;
  status: UserStatus;
  profilePhotoFileId: string | null;
  roleKeys: string[];
  roleKey: string | null;
  roleScope: RoleScope | null;
  rights: string[];
  allClcIds: number[];
};

export type SessionPrincipal = Principal & {
  revoked: boolean;
  sessionClcIds: number[] | null;
  switchUserId: number | null;
  switchRoleKey: string | null;
};

type Row = {
  jwl_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  system_role: SystemRole;
  employee_type: EmployeeType | null;
  gender: Gender | null;
  status: UserStatus;
  profile_photo_file_id: string | null;
  role_keys: string[];
  role_key: string | null;
  role_scope: RoleScope | null;
  rights: string[];
  clc_ids: number[];
};

const toPrincipal = (r: Row): Principal => ({
  jwlId: r.jwl_id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  systemRole: r.system_role,
  employeeType: r.employee_type,
  gender: r.gender,
  status: r.status,
  profilePhotoFileId: r.profile_photo_file_id,
  roleKeys: r.role_keys,
  roleKey: r.role_key,
  roleScope: r.role_scope,
  rights: r.rights,
  allClcIds: r.clc_ids,
});

/**
 * The user's columns, roles, CLCs and the rights of the role they act in: the preferred role
 * when they still hold it, else their first. One round trip; `preferred` is a SQL expression.
 */
const principalSelect = (preferred: ReturnType<typeof sql>, from: ReturnType<typeof sql>) => sql`
  u.jwl_id, u.username, u.first_name, u.last_name, u.email, u.system_role, u.employee_type,
  u.gender, u.profile_photo_file_id,
  -- A removed person (cleaned up or merged) is refused like a locked one.
  case when u.deleted_at is not null then 'locked'::user_status else u.status end as status,
  rk.role_keys, ro.key as role_key, ro.scope as role_scope,
  coalesce(ro.rights, '{}') as rights, ck.clc_ids
  from ${from}
  cross join lateral (
    select coalesce(array_agg(ur.role_key order by r.sort_order, ur.role_key), '{}') as role_keys
    from user_roles ur join roles r on r.key = ur.role_key where ur.user_id = u.jwl_id
  ) rk
  cross join lateral (
    select coalesce(array_agg(uc.clc_id order by uc.clc_id), '{}') as clc_ids
    from user_clcs uc where uc.user_id = u.jwl_id
  ) ck
  left join lateral (
    select r.key, r.scope, (select array_agg(rr.right_key order by rr.right_key) from role_rights rr where rr.role_key = r.key) as rights
    from roles r
    where r.key = case when ${preferred} = any(rk.role_keys) then ${preferred} else rk.role_keys[1] end
  ) ro on true`;

/** The signed-in user of a session, or null when the session does not belong to them. */
export async function loadSessionPrincipal(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<SessionPrincipal | null> {
  const [row] = await rows<
    Row & {
      revoked_at: Date | null;
      session_clc_ids: number[] | null;
      switch_user_id: number | null;
      switch_role_key: string | null;
    }
  >(
    db,
    sql`select s.revoked_at, s.clc_ids as session_clc_ids, s.switch_user_id, s.switch_role_key, ${principalSelect(sql`s.active_role_key`, sql`users u join sessions s on s.user_id = u.jwl_id and s.id = ${sessionId}`)}
        where u.jwl_id = ${userId}`,
  );
  if (!row) return null;
  return {
    ...toPrincipal(row),
    revoked: row.revoked_at !== null,
    sessionClcIds: row.session_clc_ids,
    switchUserId: row.switch_user_id,
    switchRoleKey: row.switch_role_key,
  };
}

/** A user by username (case-insensitive), acting in `preferredRole` when they hold it. */
export async function loadPrincipalByUsername(
  db: Db,
  username: string,
  preferredRole: string | null,
): Promise<Principal | null> {
  const [row] = await rows<Row>(
    db,
    sql`select ${principalSelect(sql`coalesce(${preferredRole}::text, u.last_role_key)`, sql`users u`)}
        where lower(u.username) = ${username.toLowerCase()}`,
  );
  return row ? toPrincipal(row) : null;
}
