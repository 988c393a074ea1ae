import type { CurrentUser } from '@lantern/contracts/current-user';
import { PAGES, programmeEntryStep } from '@lantern/contracts/pages';
import type { Right } from '@lantern/contracts/rights';
import { appPath } from '../../lib/paths';
import { hasRight, notAuthorisedPath } from '../../lib/rights';
import { PROGRAMME_TABS, type ProgrammeTab } from './paths';

type RightHolder = Pick<CurrentUser, 'applicationRights'>;

/** The right that shows each tab of programme/list. */
export const TAB_RIGHTS: Record<ProgrammeTab, Right> = {
  'professional-certificate': 'PROGRAMME_PROFESSIONAL__DISPLAY',
  bachelor: 'PROGRAMME_ACADEMIC__DISPLAY',
};

export const TAB_LABELS: Record<ProgrammeTab, string> = {
  'professional-certificate': 'Professional certificates',
  bachelor: 'Bachelor',
};

/** The tabs of programme/list this user may see, in their order on screen. */
export const visibleTabs = (user: RightHolder | null): ProgrammeTab[] =>
  PROGRAMME_TABS.filter((tab) => hasRight(user, TAB_RIGHTS[tab]));

/**
 * Where the programme entry leads (spec §2): the bachelor list, else the professional list, else
 * GEL, else not-authorised — the order of contracts/pages.ts, which the menu follows too.
 */
export function programmeEntryPath(user: RightHolder | null): string {
  const step = programmeEntryStep(new Set(user?.applicationRights ?? []));
  if (step?.page) return appPath(PAGES[step.page].path);
  // programme/gel is not built yet: until it is, a GEL-only user learns which right the built
  // lists need instead of reaching a page that does not exist.
  if (step) return notAuthorisedPath('PROGRAMME_PROFESSIONAL__DISPLAY');
  // The last right the chain asks for: any one of the three would have let the user in.
  return notAuthorisedPath('PROGRAMME_GEL__DISPLAY');
}
