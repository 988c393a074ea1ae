import { Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StudentGradesAsOf } from '@lantern/contracts/ledger';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { subjectTitle, valueText } from '../labels';

/** A student's grades as they stood at a time: every task grade and course result then. */
export function StudentGradesAsOfTable({
  data,
  error,
  isPending,
  courseId,
}: {
  data: StudentGradesAsOf | undefined;
  error: unknown;
  isPending: boolean;
  courseId?: number;
}) {
  const { t } = useTranslation();
  const grades = (data?.grades ?? []).filter((g) => !courseId || g.course.id === courseId);
  return (
    <Stack gap="xs">
      <ErrorAlert error={error} />
      {isPending ? (
        <Loader size="sm" role="status" aria-label={t('gradeHistory.loading', 'Loading')} />
      ) : null}
      {data && grades.length === 0 ? (
        <Text size="sm">{t('gradeHistory.asOfNone', 'No grades at that time.')}</Text>
      ) : null}
      {grades.length > 0 ? (
        <ScrollTable minWidth={640} label={t('gradeHistory.asOfLabel', 'Grades at that time')}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gradeHistory.course', 'Course')}</Table.Th>
                <Table.Th>{t('gradeHistory.task', 'Task')}</Table.Th>
                <Table.Th>{t('gradeHistory.change', 'Grade')}</Table.Th>
                <Table.Th>{t('gradeHistory.state', 'State')}</Table.Th>
                <Table.Th>{t('gradeHistory.changedAt', 'Last changed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grades.map((g) => (
                <Table.Tr key={`${String(g.course.id)}-${String(g.item?.id ?? 'result')}`}>
                  <Table.Td>
                    <span title={g.course.title}>{g.course.code}</span>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{subjectTitle(t, g)}</bdi>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <bdi>{valueText(t, g, g.maxPoints)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={g.published ? 'green.9' : 'gray.7'} c="dark.8">
                      {g.published
                        ? t('gradeHistory.published', 'Published')
                        : t('gradeHistory.draftState', 'Draft')}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <bdi>{formatDateTime(g.changedAt)}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
    </Stack>
  );
}
