import type { CurrentUser } from '@lantern/contracts/current-user';
import {
  PROGRAMME_ACTION_KEYS,
  PROGRAMME_ACTIONS,
  REOPEN_CERTIFICATES_WARNING,
  type Programme,
  type ProgrammeAction,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import { hasRight } from '../../lib/rights';

type RightHolder = Pick<CurrentUser, 'applicationRights'>;

/** The moves of the status machine this user may make from `status` now, in the table's order. */
export const availableProgrammeActions = (
  status: ProgrammeStatus,
  user: RightHolder | null,
): ProgrammeAction[] =>
  PROGRAMME_ACTION_KEYS.filter((key) => {
    const action = PROGRAMME_ACTIONS[key];
    const from: readonly ProgrammeStatus[] = action.from;
    return from.includes(status) && hasRight(user, action.right);
  });

/** What the user confirms before a move, or null when the table asks nothing; reopening warns
 * too when certificates were issued (spec §4). */
export function confirmTexts(
  action: ProgrammeAction,
  programme: Pick<Programme, 'certificates'>,
): string[] | null {
  const entry = PROGRAMME_ACTIONS[action];
  if (!('confirm' in entry)) return null;
  return action === 'reopen' && programme.certificates > 0
    ? [entry.confirm, REOPEN_CERTIFICATES_WARNING]
    : [entry.confirm];
}
