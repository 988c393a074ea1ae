import '../styles';
import { Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ENROLMENT_STATE_LABELS, PROGRAMME_TYPE_LABELS } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDate, formatDateRange } from '../../../lib/format';
import { useMyStudies } from '../api/get-my-studies';
import { ScrollTable } from '../../../components/scroll-table';

/** "My studies" on the profile: the person's own programmes, states, breaks and certificates. */
export function MyStudies() {
  const studies = useMyStudies();
  if (studies.isPending) return <Loader size="sm" aria-label="Loading your studies" />;
  if (studies.error) return <ErrorAlert error={studies.error} />;
  if (studies.data.programmes.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section">
      <Title order={2} fz="h4" mb="xs">
        My studies
      </Title>
      <ScrollTable minWidth={480} label="My studies">
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Programme</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>CLC and class</Table.Th>
              <Table.Th>Study breaks</Table.Th>
              <Table.Th>Certificate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {studies.data.programmes.map((p) => (
              <Table.Tr key={p.programme.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{p.programme.title}</Text>
                    <Text size="xs" c="dimmed">
                      {PROGRAMME_TYPE_LABELS[p.programme.type]}
                      {p.programme.startDate && p.programme.endDate
                        ? ` · ${formatDateRange(p.programme.startDate, p.programme.endDate)}`
                        : ''}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{ENROLMENT_STATE_LABELS[p.state]}</Badge>
                </Table.Td>
                <Table.Td>
                  {p.clc?.code ?? '—'}
                  {p.class ? ` · ${p.class.name}` : ''}
                </Table.Td>
                <Table.Td>
                  {p.breaks.length === 0
                    ? '—'
                    : p.breaks.map((b) => (
                        <Text key={b.startsOn} size="sm" fw={b.current ? 600 : 400}>
                          {formatDateRange(b.startsOn, b.endsOn)}
                          {b.current ? ' (now)' : ''}
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td>
                  {p.certificate
                    ? `${p.certificate.code}, ${formatDate(p.certificate.issuedOn)}`
                    : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
