import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import type { Mode } from '@lantern/contracts/enums';
import { isApiError, type ApiError } from '../../lib/api-errors';
import { setMode, useAppState } from '../../lib/app-store';
import { baseDataQueryOptions, type SessionData } from '../../lib/base-data';
import { getAccessToken } from '../../lib/storage';
import {
  askedMode,
  modeOnRoute,
  routeModeOf,
  worksInLmsOnly,
  type RouteMode,
} from '../../lib/route-modes';

export type ShellSession = {
  /** The mode the shell shows: its header, menu and home. */
  mode: Mode;
  /** The mode of the route itself. */
  routeMode: RouteMode;
  /** The base data in effect (of `mode`). */
  baseData: UseQueryResult<SessionData>;
  /** The refusal of lms base data (a missing right, or a manager), when the route wanted it. */
  lmsRefusal: ApiError | null;
};

const refusalOf = (query: UseQueryResult<SessionData>): ApiError | null =>
  query.data === undefined && isApiError(query.error) && query.error.status === 403
    ? query.error
    : null;

/**
 * The mode follows the route (decision 0019): the route's own mode, or on a page of both modes
 * the previous one. The shell loads that mode's base data. A refusal of lms base data is not a
 * start-up failure: the shell loads the sis's instead and shows the refusal. Someone who works
 * in the lms only takes lms mode on the pages of both modes.
 */
export function useShellSession(): ShellSession {
  const location = useLocation();
  const isNotFound = useParams()['*'] !== undefined;
  const previous = useAppState((s) => s.mode);
  const enabled = getAccessToken() !== null;

  const routeMode = routeModeOf(location.pathname, isNotFound);
  const wanted = modeOnRoute(routeMode, previous, askedMode(location.state));
  const primary = useQuery({ ...baseDataQueryOptions(wanted), enabled });
  const lmsRefusal = wanted === 'lms' ? refusalOf(primary) : null;
  const fallback = useQuery({ ...baseDataQueryOptions('sis'), enabled: enabled && !!lmsRefusal });

  const lmsOnly =
    routeMode === 'any' && wanted === 'sis' && !!primary.data && worksInLmsOnly(primary.data.user);
  const mode: Mode = lmsRefusal ? 'sis' : lmsOnly ? 'lms' : wanted;

  useEffect(() => {
    setMode(mode);
  }, [mode]);

  return { mode, routeMode, baseData: lmsRefusal ? fallback : primary, lmsRefusal };
}
