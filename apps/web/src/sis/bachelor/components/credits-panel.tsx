import { Alert, Group, Loader, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { CREDIT_ENTRY_KIND_LABELS } from '@lantern/contracts/bachelor';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { useStudentCredits } from '../api/get-student-credits';
import { signed } from '../credits-labels';
import { ScrollTable } from '../../../components/scroll-table';
import { counted } from '../../../lib/plural';

/** A student's degree progress (Σ of their ledger) and every entry with where it came from. */
export function CreditsPanel({
  programmeId,
  enrolmentId,
}: {
  programmeId: number;
  enrolmentId: number;
}) {
  const credits = useStudentCredits(programmeId, enrolmentId);
  if (credits.isError) return <ErrorAlert error={credits.error} />;
  if (!credits.data) return <Loader role="status" size="sm" aria-label="Loading credits" />;
  const c = credits.data;
  const percent = c.required > 0 ? Math.max(0, Math.min(100, (c.progress / c.required) * 100)) : 0;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Credits of ${c.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {c.name}{' '}
            <Text span c="dimmed" size="sm">
              JWL-ID {c.jwlId}
            </Text>
          </Title>
          <Text size="sm" fw={600}>
            {c.progress} of {counted(c.required, 'credit')}
          </Text>
        </Group>
        <Progress
          value={percent}
          aria-label={`Degree progress ${c.progress} of ${counted(c.required, 'credit')}`}
        />
        {c.entries.length === 0 ? (
          <Alert color="gray">
            No credit yet: entries appear when a course result becomes final or a transfer is
            approved.
          </Alert>
        ) : (
          <ScrollTable minWidth={900} label="Ledger entries">
            <Table striped withTableBorder fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Course</Table.Th>
                  <Table.Th>Credits</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th>Converted</Table.Th>
                  <Table.Th>Approved by</Table.Th>
                  <Table.Th>When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      #{e.id}
                      {e.replacesEntryId !== null ? (
                        <Text span size="xs" c="gray.8">
                          {' '}
                          (takes back #{e.replacesEntryId})
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {/* Plain text: a badge cut "Transferred in" to "Transferre…". */}
                      <Text span size="sm" fw={500}>
                        {CREDIT_ENTRY_KIND_LABELS[e.kind]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {e.courseCode ? `${e.courseCode} ${e.courseTitle ?? ''}` : '—'}
                    </Table.Td>
                    <Table.Td>{signed(e.credits)}</Table.Td>
                    <Table.Td>{e.source}</Table.Td>
                    <Table.Td>
                      {e.sourceGrade ?? '—'}
                      {e.sourceSchema
                        ? ` (${e.sourceSchema}${e.sourceSchemaVersion ? ` v${e.sourceSchemaVersion}` : ''})`
                        : ''}
                    </Table.Td>
                    <Table.Td>
                      {e.convertedGrade ?? '—'}
                      {e.conversionVersion !== null ? ` (conversion v${e.conversionVersion})` : ''}
                    </Table.Td>
                    <Table.Td>{e.approvedBy ?? '—'}</Table.Td>
                    <Table.Td>
                      <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}
