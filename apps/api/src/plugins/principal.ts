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
 * The person of a session, or of a user id or username: the database function `auth_principal`
 * (migration 0007) reads the session, the user, their roles and CLCs and the rights of the role
 * they act in, fresh on every request, with plans kept for the connection's life (decision 0013).
 */
async function loadPrincipal(
  db: Db,
  by: { userId: number | null; sessionId: string | null; username: string | null },
  preferredRole: string | null,
) {
  const [row] = await rows<SessionRow>(
    db,
    sql`select * from auth_principal(${by.userId}::integer, ${by.sessionId}::uuid, ${by.username}::text, ${preferredRole}::text)`,
  );
  return row ?? null;
}

type SessionRow = Row & {
  /** Drizzle reads times as text. */
  revoked_at: string | null;
  session_clc_ids: number[] | null;
  switch_user_id: number | null;
  switch_role_key: string | null;
};

/** The signed-in user of a session, or null when the session does not belong to them. */
export async function loadSessionPrincipal(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<SessionPrincipal | null> {
  const row = await loadPrincipal(db, { userId, sessionId, username: null }, null);
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
  const row = await loadPrincipal(db, { userId: null, sessionId: null, username }, preferredRole);
  return row ? toPrincipal(row) : null;
}
