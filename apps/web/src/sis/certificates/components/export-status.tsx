import { Alert, Anchor, Progress, Stack, Text } from '@mantine/core';
import type { CertificateExportStatus } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { READABLE_TITLE } from '../../../lib/a11y';
import { useExportStatus } from '../api/get-export-status';
import { ExportFailures } from './export-failures';
import { counted } from '../../../lib/plural';

/** Where an export stands: its progress while it runs, then the download and any failures. */
export function ExportStatusView({ status }: { status: CertificateExportStatus }) {
  const { done, total, state } = status;
  const isRunning = state === 'queued' || state === 'running';
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const label =
    state === 'queued'
      ? `Waiting to start: ${counted(total, 'certificate')}`
      : `Making certificates: ${done} of ${total}`;
  return (
    <Stack gap="xs">
      {isRunning ? (
        <div>
          <Text size="sm" mb={4}>
            {label}
          </Text>
          <Progress.Root size="lg">
            <Progress.Section value={percent} color="blue.9" animated aria-label={label} />
          </Progress.Root>
        </div>
      ) : null}
      {state === 'done' && status.downloadUrl ? (
        <Alert
          styles={READABLE_TITLE}
          color="green.9"
          variant="light"
          role="status"
          title="Certificates ready"
        >
          <Text size="sm">
            {done} of {counted(total, 'certificate')} made.{' '}
            <Anchor href={status.downloadUrl} fw={600}>
              Download the file
            </Anchor>{' '}
            (the link works for an hour).
          </Text>
        </Alert>
      ) : null}
      {state === 'failed' || status.failed.length > 0 ? (
        <ExportFailures failed={status.failed} />
      ) : null}
    </Stack>
  );
}

/** A job's status, asked again every second until it ends. */
export function ExportJobProgress({ jobId }: { jobId: string }) {
  const status = useExportStatus(jobId);
  if (status.isError) return <ErrorAlert error={status.error} />;
  if (!status.data)
    return (
      <Progress.Root size="lg">
        <Progress.Section value={0} aria-label="Starting the export" />
      </Progress.Root>
    );
  return <ExportStatusView status={status.data} />;
}
