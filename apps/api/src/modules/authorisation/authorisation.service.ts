import type {
  Authorisation,
  Role,
  RoleCreate,
  RoleRightsSaved,
  RoleRightsUpdate,
  RoleUpdate,
} from '@lantern/contracts/authorisation';
import { RIGHTS } from '@lantern/contracts/rights';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { grantsFor } from '../../lib/grants';
import * as repo from './authorisation.repository';

/** The role that keeps every right, so that someone can always repair the others. */
export const ALL_RIGHTS_ROLE = 'SUPER_ADMIN';

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this role while you were editing it. Reload it to see their changes, then edit again.',
  );

const keyInUse = () =>
  new AppError(409, 'ALREADY_EXISTS', 'A role with this key already exists.', {
    fields: { key: 'A role with this key already exists' },
  });

export async function getAuthorisation(deps: Deps): Promise<Authorisation> {
  const [roles, rights] = await Promise.all([repo.findRoles(deps.db), repo.findRights(deps.db)]);
  return { roles, rights };
}

async function roleOrThrow(db: Db, key: string): Promise<Role> {
  const role = await repo.getRole(db, key);
  if (!role) throw notFound('The role');
  return role;
}

export async function createRole(deps: Deps, auth: AuthContext, input: RoleCreate): Promise<Role> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.insertRole(tx, input))) throw keyInUse();
    await audit(tx, auth, {
      action: 'role.create',
      entityType: 'role',
      entityId: input.key,
      changes: { key: input.key, label: input.label, scope: input.scope },
    });
    return roleOrThrow(tx, input.key);
  });
}

/** Relabels a role; a role an admin created may also get a new key (never a built-in one). */
export async function updateRole(
  deps: Deps,
  auth: AuthContext,
  key: string,
  input: RoleUpdate,
): Promise<Role> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.lockRole(tx, key);
    if (!current) throw notFound('The role');
    if (current.version !== input.version) throw staleVersion();
    const newKey = input.key ?? current.key;
    if (newKey !== current.key) {
      if (current.is_built_in)
        throw badRequest('The key of a built-in role never changes.', {
          key: 'The key of a built-in role never changes',
        });
      if (await repo.roleKeyExists(tx, newKey)) throw keyInUse();
    }
    const changes: Record<string, { from: string; to: string }> = {};
    if (current.label !== input.label) changes.label = { from: current.label, to: input.label };
    if (newKey !== current.key) changes.key = { from: current.key, to: newKey };
    if (Object.keys(changes).length === 0) return roleOrThrow(tx, key);
    await repo.renameRole(tx, key, newKey, input.label);
    await audit(tx, auth, { action: 'role.update', entityType: 'role', entityId: newKey, changes });
    return roleOrThrow(tx, newKey);
  });
}

/**
 * Sets the rights a role holds. Rights are read fresh on every request, so the users of the role
 * have the new set at their next request; nothing else needs telling.
 */
export async function updateRoleRights(
  deps: Deps,
  auth: AuthContext,
  key: string,
  input: RoleRightsUpdate,
): Promise<RoleRightsSaved> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.lockRole(tx, key);
    if (!current) throw notFound('The role');
    if (current.version !== input.version) throw staleVersion();
    const wanted = new Set(input.rights);
    if (key === ALL_RIGHTS_ROLE && wanted.size < RIGHTS.length)
      throw badRequest(
        'The Super Admin role keeps every right, so that someone can always repair the rights of the other roles.',
      );
    const before = await repo.roleRightKeys(tx, key);
    const held = new Set(before);
    const added = [...wanted].filter((r) => !held.has(r)).sort();
    const removed = before.filter((r) => !wanted.has(r as (typeof RIGHTS)[number]));
    // Rule 4 of decision 0015: no one gives a role (their own included) a right they lack.
    (await grantsFor(tx, auth)).assertMayAddRights(added);
    const role = await roleOrThrow(tx, key);
    if (added.length === 0 && removed.length === 0)
      return { role, added, removed, affectedUsers: 0 };
    if (removed.length > 0) await repo.removeRoleRights(tx, key, removed);
    if (added.length > 0) await repo.addRoleRights(tx, key, added);
    await repo.bumpRoleVersion(tx, key);
    const after = [...wanted].sort();
    await audit(tx, auth, {
      action: 'role.rights',
      entityType: 'role',
      entityId: key,
      changes: { added, removed, before, after, affectedUsers: role.userCount },
    });
    return {
      role: await roleOrThrow(tx, key),
      added,
      removed,
      affectedUsers: role.userCount,
    };
  });
}
