import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DropoutItemInput } from '@lantern/contracts/dropout';
import { ErrorAlert } from '../../../components/failure-alert';
import type { ProgrammeRef } from '../api/find-dropout-items';
import { useDropoutPreview } from '../api/preview-dropout-item';
import { FlagEvidence, FlagStatusBadge } from './flag-evidence';
import { ScrollTable } from '../../../components/scroll-table';

/** Whom the item as the form says it would flag now, before it is saved. */
export function DropoutPreview({
  reference,
  draft,
}: {
  reference: ProgrammeRef & { termKey: string };
  draft: DropoutItemInput | null;
}) {
  const preview = useDropoutPreview(reference, draft);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="dropout-preview-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="dropout-preview-title">
          Preview against today’s data
        </Title>
        {draft === null ? (
          <Text size="sm">Fill in the form to see whom it would flag.</Text>
        ) : preview.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading preview" />
        ) : preview.isError ? (
          <ErrorAlert error={preview.error} />
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {preview.data.count === 0
                ? 'It would flag no student now.'
                : `It would flag ${preview.data.count} ${preview.data.count === 1 ? 'student' : 'students'} now${preview.data.count > 50 ? ' (the first 50 are shown)' : ''}.`}
            </Text>
            {preview.data.students.length > 0 ? (
              <ScrollTable minWidth={480} label="Students it would flag">
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Student</Table.Th>
                      <Table.Th>Class</Table.Th>
                      <Table.Th>Why</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.data.students.map((s) => (
                      <Table.Tr key={s.enrolmentId}>
                        <Table.Td>
                          <Stack gap={2}>
                            <Text size="sm">{s.name}</Text>
                            <FlagStatusBadge status={s.status} />
                          </Stack>
                        </Table.Td>
                        <Table.Td>{s.className ?? '—'}</Table.Td>
                        <Table.Td>
                          <FlagEvidence
                            criterion={draft.criterion}
                            flag={s}
                            tasks={preview.data.tasks}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
