import { redirect } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import type { Right } from '@lantern/contracts/rights';
import { getAppState } from './app-store';
import { baseDataQueryOptions } from './base-data';
import { queryClient } from './query-client';
import { hasRight, hasRole, notAuthorisedPath, notAuthorisedRolePath } from './rights';
import { getAccessToken } from './storage';

/** A route loader that sends a user who fails `check` to `refused`. Without a session, or when
 * the base data fails, it lets the shell decide (sign-in or study break). */
function requireAccess(check: (user: CurrentUser) => boolean, refused: string) {
  return async (): Promise<Response | null> => {
    if (getAccessToken() === null) return null;
    let data;
    try {
      data = await queryClient.query({
        ...baseDataQueryOptions(getAppState().mode),
        staleTime: 'static',
      });
    } catch {
      return null;
    }
    return check(data.user) ? null : redirect(refused);
  };
}

/** A route loader that sends a user without `right` to not-authorised (spec §6). */
export const requireRight = (right: Right) =>
  requireAccess((user) => hasRight(user, right), notAuthorisedPath(right));

/** A route loader that sends a user without `role` among their applicationRoles to
 * not-authorised (spec §6: a role is checked against applicationRoles). */
export const requireRole = (role: string) =>
  requireAccess((user) => hasRole(user, role), notAuthorisedRolePath(role));
