import type { Right } from '@lantern/contracts/rights';
import type { CurrentUser } from '@lantern/contracts/current-user';

type RightHolder = Pick<CurrentUser, 'applicationRights'>;

export const hasRight = (user: RightHolder | null | undefined, right: Right): boolean =>
  user?.applicationRights.includes(right) ?? false;

/** The address of the not-authorised page for a missing right (spec §6). */
export const notAuthorisedPath = (right: string): string =>
  `/en/not-authorised?missingRight=${encodeURIComponent(right)}`;
