import type { CertificateRow, EnrolmentActionResult } from '@lantern/contracts/programme';
import { BatchResultAlert } from '../../../components/batch-result-alert';

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
    <BatchResultAlert
      title={title}
      color={refused > 0 ? 'orange.9' : 'green.9'}
      refused={result.refused}
      nameOf={nameOf}
      onClose={onClose}
    />
  );
}
