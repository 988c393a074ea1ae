import '../../../components/list-styles';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  PROGRAMME_STATUS_LABELS,
  type CertificateExportFormat,
  type CertificateRow,
  type EnrolmentActionResult,
  type ProgrammeCertificates,
} from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { useDownloadCertificate } from '../api/download-certificate';
import { useExportCertificates, type ExportOutcome } from '../api/export-certificates';
import { useProgrammeCertificates } from '../api/get-programme-certificates';
import { useIssueCertificates } from '../api/issue-certificates';
import { CertificateTable } from '../components/certificate-table';
import { ExportJobProgress, ExportStatusView } from '../components/export-status';
import { IssueResult } from '../components/issue-result';

// The page lists certificates; issuing and downloading need their own rights (decision 0003).
export const loader = requireRight('CERTIFICATE__DISPLAY');

const overviewPath = (id: number) => `/en/programme/professional-certificate/${id}/overview`;

function ExportOutcomeView({ outcome }: { outcome: ExportOutcome }) {
  switch (outcome.kind) {
    case 'saved':
      return (
        <Text size="sm" role="status">
          The file has been downloaded.
        </Text>
      );
    case 'report':
      return <ExportStatusView status={outcome.status} />;
    case 'job':
      return <ExportJobProgress jobId={outcome.status.jobId ?? ''} />;
  }
}

function CertificateExport({ data }: { data: ProgrammeCertificates }) {
  const { programme, items } = data;
  const [selected, setSelected] = useState<CertificateRow[]>([]);
  const [issued, setIssued] = useState<EnrolmentActionResult | null>(null);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const issue = useIssueCertificates();
  const exporter = useExportCertificates();
  const download = useDownloadCertificate();
  const user = useCurrentUser();
  const canIssue = hasRight(user, 'CERTIFICATE__CREATE');
  const canExport = hasRight(user, 'CERTIFICATE__EXPORT');

  // With nothing selected, every button acts on all passed students.
  const scope = selected.length > 0 ? selected : items;
  const toIssue = scope.filter((r) => !r.certificate).length;
  const certified = scope.filter((r) => r.certificate);
  const issuedCount = items.filter((r) => r.certificate).length;

  const runExport = (format: CertificateExportFormat) => {
    setOutcome(null);
    exporter.mutate(
      {
        programmeId: programme.id,
        format,
        count: certified.length,
        ...(selected.length > 0 ? { enrolmentIds: certified.map((r) => r.enrolmentId) } : {}),
      },
      { onSuccess: setOutcome },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {PROGRAMME_STATUS_LABELS[programme.status]} · {items.length} passed student
        {items.length === 1 ? '' : 's'} · {issuedCount} certificate{issuedCount === 1 ? '' : 's'}{' '}
        issued
      </Text>
      {!programme.canIssue ? (
        <Alert color="orange.9" variant="light" role="status">
          Certificates cannot be issued: the programme needs a certificate text and a certifying
          university (on its edit page), and must not be cancelled.
        </Alert>
      ) : null}

      <Group gap="xs" align="center">
        {canIssue ? (
          <Button
            size="sm"
            disabled={!programme.canIssue || toIssue === 0}
            loading={issue.isPending}
            onClick={() => {
              setIssued(null);
              issue.mutate(
                {
                  programmeId: programme.id,
                  ...(selected.length > 0
                    ? { enrolmentIds: selected.map((r) => r.enrolmentId) }
                    : {}),
                },
                {
                  onSuccess: (result) => {
                    setIssued(result);
                    setSelected([]);
                  },
                },
              );
            }}
          >
            Issue certificates
          </Button>
        ) : null}
        {canExport ? (
          <>
            <Button
              size="sm"
              variant="default"
              disabled={certified.length === 0}
              loading={exporter.isPending && exporter.variables.format === 'zip'}
              onClick={() => {
                runExport('zip');
              }}
            >
              Download ZIP
            </Button>
            <Button
              size="sm"
              variant="default"
              disabled={certified.length === 0}
              loading={exporter.isPending && exporter.variables.format === 'pdf'}
              onClick={() => {
                runExport('pdf');
              }}
            >
              Download one PDF
            </Button>
          </>
        ) : null}
        <Text size="sm" c="dimmed">
          {selected.length > 0
            ? `${selected.length} selected: ${toIssue} without a certificate, ${certified.length} with one`
            : 'Nothing selected: the buttons act on every passed student'}
        </Text>
      </Group>

      <ErrorAlert error={issue.error} />
      {issued ? (
        <IssueResult
          result={issued}
          rows={items}
          onClose={() => {
            setIssued(null);
          }}
        />
      ) : null}
      <ErrorAlert error={exporter.error} />
      {outcome ? <ExportOutcomeView outcome={outcome} /> : null}
      <ErrorAlert error={download.error} />

      <CertificateTable
        rows={items}
        selected={selected}
        onSelectedChange={setSelected}
        downloading={download.isPending ? download.variables.id : null}
        onDownload={(row) => {
          if (row.certificate)
            download.mutate({ id: row.certificate.id, code: row.certificate.code });
        }}
      />
    </Stack>
  );
}

/** programme/professional-certificate/:programme/certificate-export (spec §2). */
export default function CertificateExportRoute() {
  const id = Number(useParams().programme);
  const certificates = useProgrammeCertificates(id);
  const programme = certificates.data?.programme;
  return (
    <Stack gap="sm" maw={1100}>
      <Anchor component={Link} to={overviewPath(id)} size="sm">
        ← Programme overview
      </Anchor>
      <Title order={1} fz="h2">
        {programme ? `Certificates: ${programme.code} ${programme.title}` : 'Certificates'}
      </Title>
      {certificates.isPending ? <Loader role="status" aria-label="Loading certificates" /> : null}
      <ErrorAlert error={certificates.error} />
      {certificates.data ? <CertificateExport data={certificates.data} /> : null}
    </Stack>
  );
}
