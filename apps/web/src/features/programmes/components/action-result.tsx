import { Alert, List, Text } from '@mantine/core';
import {
  ENROLMENT_ACTIONS,
  type Enrolment,
  type EnrolmentAction,
  type EnrolmentActionResult,
} from '@lantern/contracts/programme';
import { READABLE_TITLE } from '../../../lib/a11y';

export type ActionOutcome = {
  action: EnrolmentAction;
  result: EnrolmentActionResult;
  /** The students as they were selected, to name the refused ones. */
  students: ReadonlyMap<number, Enrolment['student']>;
};

/** What a bulk action did: how many moved, and each refused student with the server's reason. */
export function ActionResult({
  outcome,
  onClose,
}: {
  outcome: ActionOutcome;
  onClose: () => void;
}) {
  const { action, result, students } = outcome;
  const done = result.done.length;
  const refused = result.refused.length;
  const nameOf = (id: number) => {
    const s = students.get(id);
    return s ? `${s.lastName}, ${s.firstName} (${s.id})` : `Enrolment ${id}`;
  };
  return (
    <Alert
      color={refused > 0 ? 'red.9' : 'teal.9'}
      variant="light"
      role="status"
      title={`${ENROLMENT_ACTIONS[action].label}: ${done} done${refused > 0 ? `, ${refused} refused` : ''}`}
      withCloseButton
      closeButtonLabel="Close"
      onClose={onClose}
      styles={READABLE_TITLE}
    >
      {refused > 0 ? (
        <List size="sm" spacing={2}>
          {result.refused.map((r) => (
            <List.Item key={r.enrolmentId}>
              <Text span size="sm" fw={600}>
                {nameOf(r.enrolmentId)}
              </Text>
              : {r.reason}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
