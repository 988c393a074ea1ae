import type { Right } from '@lantern/contracts/rights';
import type { CurrentUser } from '@lantern/contracts/current-user';

type RightHolder = Pick<CurrentUser, 'applicationRights'>;
type RoleHolder = Pick<CurrentUser, 'applicationRoles'>;

export const hasRight = (user: RightHolder | null | undefined, right: Right): boolean =>
  user?.applicationRights.includes(right) ?? false;

/** A role check against the user's applicationRoles (spec §6), as the server makes it. */
export const hasRole = (user: RoleHolder | null | undefined, role: string): boolean =>
  user?.applicationRoles.includes(role) ?? false;

/** The address of the not-authorised page for a missing right (spec §6). */
export const notAuthorisedPath = (right: string): string =>
  `/en/not-authorised?missingRight=${encodeURIComponent(right)}`;

/** The address of the not-authorised page for a missing role. */
export const notAuthorisedRolePath = (role: string): string =>
  `/en/not-authorised?missingRole=${encodeURIComponent(role)}`;
