import type { CurrentUser } from '@lantern/contracts/current-user';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_ACTIONS,
  ENROLMENT_STATE_LABELS,
  type Enrolment,
  type EnrolmentAction,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import { hasRight } from '../../lib/rights';

type RightHolder = Pick<CurrentUser, 'applicationRights'>;

export type AvailableEnrolmentAction = {
  action: EnrolmentAction;
  /** How many of the selected students the move applies to; the others will be refused. */
  applicable: number;
};

/**
 * The actions to offer for a selection: those the user's rights allow, in the programme's
 * status, that apply to at least one selected student. A mixed selection is fine: the server
 * makes the allowed moves and reports the refused ones.
 */
export function availableEnrolmentActions(
  programmeStatus: ProgrammeStatus,
  selected: readonly Pick<Enrolment, 'state'>[],
  user: RightHolder | null,
): AvailableEnrolmentAction[] {
  const result: AvailableEnrolmentAction[] = [];
  for (const key of ENROLMENT_ACTION_KEYS) {
    const action = ENROLMENT_ACTIONS[key];
    const inStatus: readonly ProgrammeStatus[] = action.programme;
    if (!inStatus.includes(programmeStatus) || !hasRight(user, action.right)) continue;
    const from: readonly EnrolmentState[] = action.from;
    const applicable = selected.filter((e) => from.includes(e.state)).length;
    if (applicable > 0) result.push({ action: key, applicable });
  }
  return result;
}

/** A student's state as it reads everywhere: 'Passed' for completed, and a study break beside
 * the state ('Active · on break until 2026-12-31'; one still to come shows its dates). */
export function enrolmentStateText(enrolment: Pick<Enrolment, 'state' | 'onBreak'>): string {
  const label = ENROLMENT_STATE_LABELS[enrolment.state];
  const pause = enrolment.onBreak;
  if (!pause) return label;
  return pause.current
    ? `${label} · on break until ${pause.endsOn}`
    : `${label} · break ${pause.startsOn} to ${pause.endsOn}`;
}
