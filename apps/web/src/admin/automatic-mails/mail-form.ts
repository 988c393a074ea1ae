import {
  EVENT_STATUSES,
  type AutomaticMailEvent,
  type MailPlaceholder,
} from '@lantern/contracts/automatic-mail';
import {
  ENROLMENT_STATE_LABELS,
  ENROLMENT_STATES,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_STATUSES,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import {
  COURSE_STATUS_LABELS,
  TRANSFER_STATE_LABELS,
  VERIFICATION_LEVEL_LABELS,
} from '@lantern/contracts/bachelor';

const isEnrolmentState = (v: string): v is EnrolmentState => ENROLMENT_STATES.some((s) => s === v);
const isProgrammeStatus = (v: string): v is ProgrammeStatus =>
  PROGRAMME_STATUSES.some((s) => s === v);

const BACHELOR_STATUS_LABELS: Record<string, string> = {
  ...COURSE_STATUS_LABELS,
  ...VERIFICATION_LEVEL_LABELS,
  approved: TRANSFER_STATE_LABELS.approved,
  rejected: TRANSFER_STATE_LABELS.rejected,
};

/** A state as people read it: a student's ('Passed' for completed) or a programme's. */
export function statusLabel(event: AutomaticMailEvent, status: string): string {
  if (event === 'student_state_changed' && isEnrolmentState(status))
    return ENROLMENT_STATE_LABELS[status];
  if (event === 'programme_state_changed' && isProgrammeStatus(status))
    return PROGRAMME_STATUS_LABELS[status];
  return BACHELOR_STATUS_LABELS[status] ?? status;
}

/** The event statuses a mail on this event may name: exactly those the contract allows. */
export const eventStatusOptions = (event: AutomaticMailEvent | null | undefined) =>
  (event ? EVENT_STATUSES[event] : []).map((value) => ({
    value,
    label: event ? statusLabel(event, value) : value,
  }));

/** Whether a status still fits after the event changed. */
export const isStatusAllowed = (
  event: AutomaticMailEvent | null | undefined,
  status: string | null | undefined,
) => !status || (event ? EVENT_STATUSES[event].includes(status) : false);

/** `{{name}}` put in place of the selection (or at the caret); answers the new text and where
 * the caret goes: right after the placeholder. */
export function insertPlaceholder(
  text: string,
  name: MailPlaceholder,
  selectionStart: number | null,
  selectionEnd: number | null,
): { text: string; caret: number } {
  const token = `{{${name}}}`;
  const start = Math.min(Math.max(selectionStart ?? text.length, 0), text.length);
  const end = Math.min(Math.max(selectionEnd ?? start, start), text.length);
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
