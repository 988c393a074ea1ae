import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  ENROLMENT_STATE_LABELS,
  ENROLMENT_STATES,
  PROGRAMME_TYPE_LABELS,
  type Programme,
} from '@lantern/contracts/programme';
import { DetailCard } from '../../../components/detail-card';
import { formatDate } from '../../../lib/format';

/** The programme's data, its students by state, its CLCs and courses. */
export function ProgrammeDetails({ programme }: { programme: Programme }) {
  const total = ENROLMENT_STATES.reduce((sum, s) => sum + programme.enrolments[s], 0);
  const units = programme.courses.reduce((sum, c) => sum + c.units, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <DetailCard
        title="Programme"
        rows={[
          ['Type', PROGRAMME_TYPE_LABELS[programme.type]],
          ['Code', programme.code],
          ['Internal name', programme.internalName],
          ['Start date', formatDate(programme.startDate)],
          ['End date', formatDate(programme.endDate)],
          ['Grading schema', programme.gradingSchema?.name],
          ['Certifying university', programme.certifyingUniversity],
        ]}
      />
      <Stack gap="sm">
        <DetailCard
          title="Students"
          rows={[
            ...ENROLMENT_STATES.map((state): [string, number] => [
              ENROLMENT_STATE_LABELS[state],
              programme.enrolments[state],
            ]),
            ['On a study break today', programme.onBreak],
            ['All', total],
            ['Certificates issued', programme.certificates],
          ]}
        />
      </Stack>
      <Paper withBorder p="sm">
        <Title order={2} fz="h4" mb="xs">
          Courses
        </Title>
        {programme.courses.length === 0 ? (
          <Text size="sm">No courses yet.</Text>
        ) : (
          <Table fz="sm" verticalSpacing={4} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>Code</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th w={60} ta="right">
                  Units
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programme.courses.map((course) => (
                <Table.Tr key={course.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{course.code}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{course.title}</Table.Td>
                  <Table.Td ta="right">{course.units}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right">{units}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Paper>
      <Stack gap="sm">
        <DetailCard title="CLCs" rows={programme.clcs.map((clc) => [clc.code, clc.name])} />
        <Paper withBorder p="sm">
          <Title order={2} fz="h4" mb="xs">
            Certificate text
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {programme.certificateText ?? '—'}
          </Text>
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
