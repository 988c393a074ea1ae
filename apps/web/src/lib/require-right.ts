import { redirect } from 'react-router';
import type { Right } from '@lantern/contracts/rights';
import { getAppState } from './app-store';
import { baseDataQueryOptions } from './base-data';
import { queryClient } from './query-client';
import { hasRight, notAuthorisedPath } from './rights';
import { getAccessToken } from './storage';

/** A route loader that sends a user without `right` to not-authorised (spec §6). Without a
 * session, or when the base data fails, it lets the shell decide (sign-in or study break). */
export function requireRight(right: Right) {
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
    return hasRight(data.user, right) ? null : redirect(notAuthorisedPath(right));
  };
}
