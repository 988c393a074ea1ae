import { Alert, List, Text } from '@mantine/core';
import type { EnrolmentActionResult } from '@lantern/contracts/programme';
import { READABLE_TITLE } from '../lib/a11y';

type BatchResultAlertProps = {
  /** What was done, and how many were refused. */
  title: string;
  /** Tells at a glance whether any student was refused. */
  color: string;
  refused: EnrolmentActionResult['refused'];
  /** A refused student's name, by their enrolment. */
  nameOf: (enrolmentId: number) => string;
  onClose: () => void;
};

/** What an action on many students did, until closed: its title, and each refused student with
 * the server's reason. */
export function BatchResultAlert({
  title,
  color,
  refused,
  nameOf,
  onClose,
}: BatchResultAlertProps) {
  return (
    <Alert
      color={color}
      variant="light"
      role="status"
      title={title}
      withCloseButton
      closeButtonLabel="Close"
      onClose={onClose}
      styles={READABLE_TITLE}
    >
      {refused.length > 0 ? (
        <List size="sm" spacing={2}>
          {refused.map((r) => (
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
