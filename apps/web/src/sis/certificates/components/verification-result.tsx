import { Alert, Table, Text } from '@mantine/core';
import type { CertificateVerification } from '@lantern/contracts/programme';
import { READABLE_TITLE } from '../../../lib/a11y';
import { formatPrintedDate } from '../../../lib/format';

/** What the verification page shows for a code. */
export type VerificationState =
  | { status: 'loading' }
  | { status: 'found'; result: CertificateVerification }
  | { status: 'not-found'; code: string }
  | { status: 'error'; message: string };

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm" mt="xs">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={125}>{label}</Table.Th>
            {/* A code is copied whole: it never breaks at its dashes. */}
            <Table.Td style={label === 'Code' ? { whiteSpace: 'nowrap' } : undefined}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The answer for a code, said plainly: valid (with what the certificate says), revoked, or none. */
export function VerificationResult({ state }: { state: VerificationState }) {
  switch (state.status) {
    case 'loading':
      return (
        <Text size="sm" role="status">
          Checking the code…
        </Text>
      );
    case 'error':
      return (
        <Alert
          styles={READABLE_TITLE}
          color="red.9"
          variant="light"
          role="alert"
          title="The code could not be checked"
        >
          {state.message}
        </Alert>
      );
    case 'not-found':
      return (
        <Alert
          styles={READABLE_TITLE}
          color="red.9"
          variant="light"
          role="alert"
          title="Not a valid certificate"
        >
          No certificate has the verification code <strong>{state.code}</strong>. Check the code as
          printed on the certificate.
        </Alert>
      );
    case 'found': {
      const { result } = state;
      if (!result.valid)
        return (
          <Alert
            styles={READABLE_TITLE}
            color="red.9"
            variant="light"
            role="alert"
            title="Revoked certificate"
          >
            <Text size="sm">{result.detail}</Text>
            <Facts
              rows={[
                ['Code', result.verificationCode],
                ['Name', result.studentName],
                ['Programme', result.programmeTitle],
                ['Issued on', formatPrintedDate(result.issuedOn)],
                ['Revoked on', formatPrintedDate(result.revokedOn)],
              ]}
            />
          </Alert>
        );
      return (
        <Alert
          styles={READABLE_TITLE}
          color="green.9"
          variant="light"
          role="status"
          title="Valid certificate"
        >
          <Text size="sm">This certificate is genuine and has not been revoked. It says:</Text>
          <Facts
            rows={[
              ['Code', result.verificationCode],
              ['Name', result.studentName],
              ['Programme', result.programmeTitle],
              ['Certified by', result.certifyingUniversity],
              ['Learning centre', result.clcName],
              ['Issued on', formatPrintedDate(result.issuedOn)],
            ]}
          />
        </Alert>
      );
    }
  }
}
