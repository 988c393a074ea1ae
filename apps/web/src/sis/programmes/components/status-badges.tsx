import { Badge, Text } from '@mantine/core';
import {
  PROGRAMME_STATUS_LABELS,
  type Enrolment,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import { enrolmentStateText } from '../enrolment-actions';

/* Colours whose shade 9 (or gray 8) passes AA contrast with white either way round; green and
 * orange do not, even at 9. */
const STATUS_COLORS: Record<ProgrammeStatus, string> = {
  new: 'gray.8',
  applying: 'blue.9',
  preparing: 'violet.9',
  prep_done: 'indigo.9',
  running: 'teal.9',
  finished: 'cyan.9',
  cancelled: 'red.9',
};

export const STATE_COLORS: Record<EnrolmentState, string> = {
  applied: 'blue.9',
  active: 'teal.9',
  declined: 'gray.8',
  withdrawn: 'grape.9',
  completed: 'cyan.9',
  failed: 'red.9',
};

export function ProgrammeStatusBadge({
  status,
  size = 'sm',
}: {
  status: ProgrammeStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge size={size} variant="filled" color={STATUS_COLORS[status]} tt="none">
      {PROGRAMME_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A student's state in a programme, with their study break beside it. */
export function EnrolmentStateText({
  enrolment,
  size = 'sm',
}: {
  enrolment: Pick<Enrolment, 'state' | 'onBreak'>;
  size?: 'xs' | 'sm';
}) {
  return (
    <Text span size={size} fw={600} c={STATE_COLORS[enrolment.state]}>
      {enrolmentStateText(enrolment)}
    </Text>
  );
}
