import type { CurrentUser } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import { hasRight } from './rights';

/** A route's mode: lms or sis, or `any` for pages both modes share (decision 0019). */
export type RouteMode = Mode | 'any';

/**
 * Every route's mode, by its first segment under /:lang (`course` covers course/:courseId and
 * its authoring and grade-book pages). Routes not named here are sis; an address no route knows
 * (not-found) is `any`.
 */
export const ROUTE_MODES: Readonly<Record<string, RouteMode>> = {
  learning: 'lms',
  concentration_home: 'lms',
  concentration_itinerary: 'lms',
  orientation_course: 'lms',
  course: 'lms',
  unit_overview: 'lms',
  unit: 'lms',
  submit_text: 'lms',
  submit_work: 'lms',
  track: 'lms',
  class_root: 'lms',
  class: 'lms',
  grade: 'lms',
  similarity: 'lms',
  'similarity-checks': 'lms',
  unit_wbt: 'lms',
  wbts: 'lms',
  public_wbt: 'any',
  quiz: 'lms',
  discuss: 'lms',
  grade_discussion: 'lms',
  home: 'any',
  notifications: 'any',
  // Coordinators (sis) and facilitators (lms) both follow up flagged students.
  'dropout-follow-ups': 'any',
  profile: 'any',
  'not-authorised': 'any',
  support_issue: 'any',
};

/** The mode of the route at `pathname` (`/en/course/4/authoring` → lms). */
export function routeModeOf(pathname: string, isNotFound = false): RouteMode {
  const segment = pathname.split('/')[2] ?? '';
  return ROUTE_MODES[segment] ?? (isNotFound ? 'any' : 'sis');
}

/**
 * The mode the app is in on a route: the route's own, or for an `any` route the mode the link
 * asked for (the header switch's halves), else the mode of the previous route in the tab
 * (nothing is stored: a fresh tab starts in sis, spec §1).
 */
export const modeOnRoute = (routeMode: RouteMode, previous: Mode, asked?: Mode | null): Mode =>
  routeMode === 'any' ? (asked ?? previous) : routeMode;

/** The mode a link asks for in its navigation state (`<Link state={{ mode }}>`), if any. */
export function askedMode(state: unknown): Mode | null {
  if (typeof state !== 'object' || state === null || !('mode' in state)) return null;
  return state.mode === 'lms' || state.mode === 'sis' ? state.mode : null;
}

type ModeHolder = Pick<CurrentUser, 'applicationRights' | 'role'>;

/** May work in lms mode: GENERAL_LMS__DISPLAY, and never system role manager (spec §3). */
export const worksInLms = (user: ModeHolder): boolean =>
  hasRight(user, 'GENERAL_LMS__DISPLAY') && user.role !== 'manager';

/** Works in the lms only (students): the sis is not theirs, their home is the learning home. */
export const worksInLmsOnly = (user: ModeHolder): boolean =>
  worksInLms(user) && !hasRight(user, 'GENERAL_SIS__DISPLAY');

/** Works in both modes, so the header offers the switch between them (decision 0019). */
export const worksInBothModes = (user: ModeHolder): boolean =>
  worksInLms(user) && hasRight(user, 'GENERAL_SIS__DISPLAY');

/** The home of each mode: the sis start page or the learning home. */
export const HOME_PATHS: Readonly<Record<Mode, string>> = {
  sis: '/en/home',
  lms: '/en/learning',
};
