import { ROLE_SCOPES } from './enums';
import { RIGHTS, type Right } from './rights';
import type { BuiltInRoleKey, RoleDefault } from './role-keys';
import { NETWORK_ROLE_DEFAULTS } from './role-defaults-network';
import { TEACHING_ROLE_DEFAULTS } from './role-defaults-teaching';

export { ROLE_KEYS } from './role-keys';
export type { BuiltInRoleKey, RoleScope } from './role-keys';

// The list lives in enums.ts, so that the current user's schema does not load this module (its
// table of default roles and every right) into each page; it is exported here as well.
export { ROLE_SCOPES };

/**
 * The default role → right map, seeded into the database on first start. Admins change it
 * afterwards on the authorisation pages; the reasons are in docs/decisions/0003.
 */
export const DEFAULT_ROLES: Record<BuiltInRoleKey, RoleDefault> = {
  ...NETWORK_ROLE_DEFAULTS,
  ...TEACHING_ROLE_DEFAULTS,
};

/** A role's rights without repeats, in catalogue order. */
export function defaultRightsOf(role: BuiltInRoleKey): Right[] {
  const held = new Set<Right>(DEFAULT_ROLES[role].rights);
  return RIGHTS.filter((r) => held.has(r));
}
