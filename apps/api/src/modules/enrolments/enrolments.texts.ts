import {
  APPLICATION_STATUSES,
  ENROLMENT_ACTIONS,
  ENROLMENT_STATE_LABELS,
  PROGRAMME_STATUS_LABELS,
  type EnrolmentAction,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';

/** What this area says to people, in sentences shown as is (spec §8). */

export const stateText = (state: EnrolmentState) => ENROLMENT_STATE_LABELS[state].toLowerCase();
export const statusText = (status: ProgrammeStatus) =>
  PROGRAMME_STATUS_LABELS[status].toLowerCase();

/** "a", "a or b", "a, b or c". */
export function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** Why a move of one student is refused. */
export const REFUSALS = {
  notFound: (id: number) => `Enrolment ${id} is not in this programme.`,
  state: (name: string, state: EnrolmentState, action: EnrolmentAction) => {
    const rule = ENROLMENT_ACTIONS[action];
    return `${name} is ${stateText(state)}; ${rule.label} is possible only from ${either(rule.from.map(stateText))}.`;
  },
  programme: (status: ProgrammeStatus, action: EnrolmentAction) => {
    const rule = ENROLMENT_ACTIONS[action];
    return `The programme is ${statusText(status)}; ${rule.label} is possible only while it is ${either(rule.programme.map(statusText))}.`;
  },
  onBreak: (name: string, startsOn: string, endsOn: string) =>
    `${name} already has a study break from ${startsOn} to ${endsOn}.`,
  changed: (name: string) =>
    `${name} was changed by someone else meanwhile. Reload the list and try again.`,
};

export const BREAK_TEXTS = {
  notActive: (name: string, state: EnrolmentState) =>
    `${name} is ${stateText(state)}; a study break is possible only for an active student.`,
  overlap: (startsOn: string, endsOn: string) =>
    `Overlaps the study break from ${startsOn} to ${endsOn}`,
  ended: (endsOn: string) => `This study break already ended on ${endsOn}.`,
  endBeforeToday: 'The study break cannot end before today',
};

export const APPLICANT_TEXTS = {
  notOpen: (status: ProgrammeStatus) =>
    `Applicants can be added only while the programme is ${either(APPLICATION_STATUSES.map(statusText))}; it is ${statusText(status)}.`,
  noPerson: 'No person has this JWL-ID',
  alreadyApplied: 'This person is already in the programme',
  concurrent: 'Someone else added people at the same time. Please try again.',
};

export const IMPORT_TEXTS = {
  missingColumn: 'This column is missing',
  noRows: 'The file has no applicants below its header row.',
  sameAs: (row: number) => `The same person as in row ${row}`,
  ambiguous: (how: 'name' | 'email') =>
    `Several people have this ${how === 'name' ? 'name' : 'e-mail'} and birth date: give the JWL-ID`,
  outOfReach: 'This person holds roles at CLCs beyond yours: an admin must add them',
};
