import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import type { Right } from '@lantern/contracts/rights';
import { modeOnRoute, routeModeOf, worksInLmsOnly } from './route-modes';
import { getAppState } from './app-store';
import { baseDataQueryOptions } from './base-data';
import { queryClient } from './query-client';
import { hasRight, hasRole, notAuthorisedPath, notAuthorisedRolePath } from './rights';
import { getAccessToken } from './storage';

/** A route loader that sends a user who fails `check` to `refused`. Without a session, or when
 * the base data fails, it lets the shell decide (sign-in, study break, an lms refusal); so it
 * does for a learner on a sis page, whom the shell shows the way to their learning home. */
function requireAccess(check: (user: CurrentUser) => boolean, refused: string) {
  return async (args?: LoaderFunctionArgs): Promise<Response | null> => {
    if (getAccessToken() === null) return null;
    // The base data of the mode the page opens in (the shell's own, decision 0019).
    const path = args ? new URL(args.request.url).pathname : window.location.pathname;
    const routeMode = routeModeOf(path);
    let data;
    try {
      data = await queryClient.query({
        ...baseDataQueryOptions(modeOnRoute(routeMode, getAppState().mode)),
        staleTime: 'static',
      });
    } catch {
      return null;
    }
    if (routeMode === 'sis' && worksInLmsOnly(data.user)) return null;
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
