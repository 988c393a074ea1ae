import { sql } from 'drizzle-orm';
import {
  GRANT_TABLE,
  GRANT_TEXTS,
  SUPER_ADMIN_ONLY_RIGHTS,
  SUPER_ADMIN_ROLE,
} from '@lantern/contracts/grants';
import { rightAction, rightFamily, type Right } from '@lantern/contracts/rights';
import type { SystemRole } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from './auth-context';
import type { Principal } from '../plugins/principal';
import { AppError } from './errors';
import { clcScope } from './scope';
import { intArray, rows } from './sql';

/*
 * Who may grant which role, change whose sign-in details, and add which rights to a role
 * (decision 0015). Every path that writes roles, identity fields or role rights asks here:
 * the people forms, security actions, the user merge, data cleanup, the data checker, the
 * authorisation pages and imports. The target's roles are read in the caller's transaction.
 */

/** The person acting: the rights of the role they act in, their CLC scope, super admin or not. */
export type Actor = {
  id: number;
  isSuperAdmin: boolean;
  rights: ReadonlySet<string>;
  /** The CLCs the actor reaches; null: every CLC. */
  scope: number[] | null;
};

/** A person whose roles or sign-in details may change, as they are now. */
export type GrantTarget = {
  id: number;
  systemRole: SystemRole;
  roles: string[];
  clcIds: number[];
  status: 'active' | 'locked';
  removed: boolean;
};

/** A super admin is one by system role or by holding the Super Admin role. */
export const isSuperAdminPerson = (p: { systemRole: SystemRole; roles: readonly string[] }) =>
  p.systemRole === 'superAdmin' || p.roles.includes(SUPER_ADMIN_ROLE);

/** Acting as a super admin: the system role, or the Super Admin role chosen in the role picker. */
export const actsAsSuperAdmin = (p: Pick<Principal, 'systemRole' | 'roleKey'>) =>
  p.systemRole === 'superAdmin' || p.roleKey === SUPER_ADMIN_ROLE;

/** Spec §3: the system role superAdmin includes impersonation; else the acting role's right. */
export const canImpersonate = (p: Pick<Principal, 'systemRole' | 'rights'>) =>
  p.systemRole === 'superAdmin' || p.rights.includes('USER__IMPERSONATE');

/** The one gate of impersonation: the user search and `_switch_user` both call it. */
export function assertCanImpersonate(p: Pick<Principal, 'systemRole' | 'rights'>): void {
  if (!canImpersonate(p))
    throw new AppError(403, 'IMPERSONATION_DENIED', 'You are not allowed to act as another user.', {
      missingRight: 'USER__IMPERSONATE',
    });
}

export function actorOf(auth: AuthContext): Actor {
  return {
    id: auth.user.jwlId,
    isSuperAdmin: actsAsSuperAdmin(auth.user),
    rights: auth.rights,
    scope: clcScope(auth),
  };
}

const denied = (detail: string) => new AppError(403, 'ROLE_GRANT_DENIED', detail);

/** A right as people read it: `USER__IMPERSONATE` → "User: impersonate". */
export function rightLabel(right: Right): string {
  const words = (s: string) => s.toLowerCase().replaceAll('_', ' ');
  const area = words(rightFamily(right));
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}: ${words(rightAction(right))}`;
}

type RoleFacts = { label: string; rights: string[] };

/**
 * The grant rule with the roles' rights as they are in the database. Read it inside the
 * transaction that writes, so a rights change in between cannot slip through.
 */
export class Grants {
  constructor(
    readonly actor: Actor,
    private readonly roles: ReadonlyMap<string, RoleFacts>,
  ) {}

  label(role: string): string {
    return this.roles.get(role)?.label ?? role;
  }

  private inScope(clcIds: readonly number[]): boolean {
    const { scope } = this.actor;
    return scope === null || clcIds.some((id) => scope.includes(id));
  }

  /** Why the actor may not grant or remove `role` for a person in these CLCs, or null. */
  roleRefusal(role: string, clcIds: readonly number[]): string | null {
    const { actor } = this;
    if (!this.inScope(clcIds)) return GRANT_TEXTS.outOfScope;
    if (role === SUPER_ADMIN_ROLE && !actor.isSuperAdmin) return GRANT_TEXTS.superAdminRole;
    const facts = this.roles.get(role);
    if (!facts) return GRANT_TEXTS.role(role);
    if (facts.rights.every((r) => actor.rights.has(r))) return null;
    const row = GRANT_TABLE.find((g) => g.role === role);
    if (row?.heldRights.some((r) => actor.rights.has(r))) return null;
    return GRANT_TEXTS.role(facts.label);
  }

  /** Rule 2: only a super admin changes a super admin in any way. */
  personRefusal(target: Pick<GrantTarget, 'systemRole' | 'roles'>): string | null {
    return isSuperAdminPerson(target) && !this.actor.isSuperAdmin
      ? GRANT_TEXTS.superAdminTarget
      : null;
  }

  /** Why the actor may not change a person's roles (and system role) from before to after. */
  rolesChangeRefusal(
    target: Pick<GrantTarget, 'systemRole' | 'roles' | 'clcIds'>,
    after: { roles: readonly string[]; systemRole?: SystemRole },
  ): string | null {
    const person = this.personRefusal(target);
    if (person) return person;
    const systemRole = after.systemRole ?? target.systemRole;
    if (
      (systemRole === 'superAdmin') !== (target.systemRole === 'superAdmin') &&
      !this.actor.isSuperAdmin
    )
      return GRANT_TEXTS.superAdminRole;
    const before = new Set(target.roles);
    const next = new Set(after.roles);
    const changed = [
      ...[...next].filter((r) => !before.has(r)),
      ...[...before].filter((r) => !next.has(r)),
    ];
    for (const role of changed) {
      const refusal = this.roleRefusal(role, target.clcIds);
      if (refusal) return refusal;
    }
    // Another system role changes what the person is, like a status: the identity rule.
    return systemRole === target.systemRole ? null : this.identityRefusal(target);
  }

  /**
   * Why the actor may not change a person's username, e-mail, status, password or sign-ins:
   * they must be able to grant every role the person holds (else taking over the account
   * would hand them those roles).
   */
  identityRefusal(target: Pick<GrantTarget, 'systemRole' | 'roles' | 'clcIds'>): string | null {
    const person = this.personRefusal(target);
    if (person) return person;
    if (!this.inScope(target.clcIds)) return GRANT_TEXTS.outOfScope;
    for (const role of target.roles) {
      if (this.roleRefusal(role, target.clcIds) !== null)
        return GRANT_TEXTS.identity(this.label(role));
    }
    return null;
  }

  /** The roles the actor may grant to a person in these CLCs (all CLCs in reach when omitted). */
  grantableRoles(clcIds?: readonly number[]): string[] {
    const where = clcIds ?? this.actor.scope ?? [];
    return [...this.roles.keys()].filter((role) => this.roleRefusal(role, where) === null);
  }

  /** Throws unless the actor may give `role` to people in each of these CLCs (imports, hand adds). */
  assertRoleIn(role: string, clcIds: readonly number[]): void {
    for (const clcId of new Set(clcIds)) {
      const refusal = this.roleRefusal(role, [clcId]);
      if (refusal) throw denied(refusal);
    }
  }

  assertRolesChange(...args: Parameters<Grants['rolesChangeRefusal']>): void {
    const refusal = this.rolesChangeRefusal(...args);
    if (refusal) throw denied(refusal);
  }

  assertIdentity(target: Parameters<Grants['identityRefusal']>[0]): void {
    const refusal = this.identityRefusal(target);
    if (refusal) throw denied(refusal);
  }

  assertPerson(target: Parameters<Grants['personRefusal']>[0]): void {
    const refusal = this.personRefusal(target);
    if (refusal) throw denied(refusal);
  }

  /** Rule 4: a role may gain only rights the actor holds, and some only from a super admin. */
  assertMayAddRights(added: readonly Right[]): void {
    const { actor } = this;
    if (actor.isSuperAdmin) return;
    const guarded = added.filter((r) => SUPER_ADMIN_ONLY_RIGHTS.includes(r));
    if (guarded.length > 0)
      throw new AppError(
        403,
        'RIGHT_GRANT_DENIED',
        GRANT_TEXTS.superAdminRights(guarded.map(rightLabel).join(', ')),
      );
    const lacking = added.filter((r) => !actor.rights.has(r));
    if (lacking.length > 0)
      throw new AppError(
        403,
        'RIGHT_GRANT_DENIED',
        GRANT_TEXTS.rights(lacking.map(rightLabel).join(', ')),
      );
  }
}

/** The grant rule for this request, with every role's rights read through `db` (the transaction). */
export async function grantsFor(db: Db, auth: AuthContext): Promise<Grants> {
  const found = await rows<{ key: string; label: string; rights: string[] }>(
    db,
    sql`select r.key, r.label,
          coalesce(array_agg(rr.right_key) filter (where rr.right_key is not null), '{}') as rights
        from roles r left join role_rights rr on rr.role_key = r.key
        group by r.key, r.label, r.sort_order order by r.sort_order, r.key`,
  );
  return new Grants(
    actorOf(auth),
    new Map(found.map((r) => [r.key, { label: r.label, rights: r.rights }])),
  );
}

/**
 * People as the grant rule needs them, read (and locked, so no concurrent change slips in
 * between the check and the write) in the caller's transaction.
 */
export async function loadGrantTargets(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, GrantTarget>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{
    id: number;
    system_role: SystemRole;
    status: 'active' | 'locked';
    removed: boolean;
    roles: string[];
    clc_ids: number[];
  }>(
    db,
    sql`select u.jwl_id as id, u.system_role, u.status, u.deleted_at is not null as removed,
          array(select ur.role_key from user_roles ur where ur.user_id = u.jwl_id order by ur.role_key) as roles,
          array(select uc.clc_id from user_clcs uc where uc.user_id = u.jwl_id order by uc.clc_id) as clc_ids
        from users u where u.jwl_id = any(${intArray([...ids])})
        order by u.jwl_id for update of u`,
  );
  return new Map(
    found.map((r) => [
      r.id,
      {
        id: r.id,
        systemRole: r.system_role,
        status: r.status,
        removed: r.removed,
        roles: r.roles,
        clcIds: r.clc_ids,
      },
    ]),
  );
}

/** One person for the grant rule, or null when there is none with that id. */
export async function loadGrantTarget(db: Db, id: number): Promise<GrantTarget | null> {
  return (await loadGrantTargets(db, [id])).get(id) ?? null;
}

/**
 * Call at the end of a write that changed a super admin: refuses (rolling the transaction back)
 * when no active super admin would remain. The advisory lock makes two such writes take turns,
 * so two super admins demoting each other at once cannot both pass; it holds through a
 * PgBouncer in transaction mode, being released with the transaction.
 */
export async function assertSuperAdminSurvives(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('lantern.super_admins'))`);
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u
        where u.deleted_at is null and u.status = 'active'
          and (u.system_role = 'superAdmin'
               or exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = ${SUPER_ADMIN_ROLE}))`,
  );
  if ((row?.n ?? 0) === 0) throw new AppError(403, 'LAST_SUPER_ADMIN', GRANT_TEXTS.lastSuperAdmin);
}
