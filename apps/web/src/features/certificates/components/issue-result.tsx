import { Alert, List, Text } from '@mantine/core';
import type { CertificateRow, EnrolmentActionResult } from '@lantern/contracts/programme';
import { READABLE_TITLE } from '../../../lib/a11y';

/** What issuing did: how many certificates were issued, and each refused student with why. */
export function IssueResult({
  result,
  rows,
  onClose,
}: {
  result: EnrolmentActionResult;
  rows: CertificateRow[];
  onClose: () => void;
}) {
  const done = result.done.length;
  const refused = result.refused.length;
  const nameOf = (id: number) => {
    const row = rows.find((r) => r.enrolmentId === id);
    return row
      ? `${row.student.lastName}, ${row.student.firstName} (${row.student.id})`
      : `Enrolment ${id}`;
  };
  const title =
    done === 0 && refused === 0
      ? 'Every passed student already has a certificate'
      : `${done} certificate${done === 1 ? '' : 's'} issued${refused > 0 ? `, ${refused} refused` : ''}`;
  return (
    <Alert
      styles={READABLE_TITLE}
      color={refused > 0 ? 'orange.9' : 'green.9'}
      variant="light"
      role="status"
      title={title}
      withCloseButton
      closeButtonLabel="Close"
      onClose={onClose}
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
