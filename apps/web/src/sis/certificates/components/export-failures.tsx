import { Alert, List, Text } from '@mantine/core';
import {
  CERTIFICATE_GENERATION_ERROR,
  type CertificateFailure,
} from '@lantern/contracts/programme';
import { READABLE_TITLE } from '../../../lib/a11y';
import { counted } from '../../../lib/plural';

/** 'Error while generating.' (spec §8) and which certificates failed, each with why. */
export function ExportFailures({ failed }: { failed: CertificateFailure[] }) {
  return (
    <Alert
      styles={READABLE_TITLE}
      color="red.9"
      variant="light"
      role="alert"
      title={CERTIFICATE_GENERATION_ERROR}
    >
      {failed.length > 0 ? (
        <>
          <Text size="sm" mb={4}>
            {failed.length === 1
              ? 'This certificate could not be made:'
              : `These ${counted(failed.length, 'certificate')} could not be made:`}
          </Text>
          <List size="sm" spacing={2}>
            {failed.map((f) => (
              <List.Item key={f.enrolmentId}>
                <Text span size="sm" fw={600}>
                  {f.name || `Enrolment ${f.enrolmentId}`}
                </Text>
                : {f.error}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">The export stopped before it finished. Please try again.</Text>
      )}
    </Alert>
  );
}
