import '../styles';
import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GradeBookAsOf } from '@lantern/contracts/ledger';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { useGradeBookAsOf } from '../api/get-grade-book-as-of';
import { pointsText } from '../labels';

type Cell = GradeBookAsOf['rows'][number]['cells'][number];

export const historyPath = (studentId: number, courseId?: number) =>
  `/en/learning/student/${String(studentId)}/grade-history${courseId ? `?courseId=${String(courseId)}` : ''}`;

/**
 * A class's grade book as its learners saw it at a time (decision 0021 §1.4): the published
 * grades then, read-only; the totals are those of the published grades then.
 */
export function GradeBookAsOfTable({
  courseId,
  classId,
  at,
}: {
  courseId: number;
  classId: number;
  at: string;
}) {
  const { t } = useTranslation();
  const book = useGradeBookAsOf(courseId, classId, at);
  const cellText = (cell: Cell) =>
    cell === null
      ? '—'
      : cell.outcome === 'returned'
        ? t('gradeHistory.returnedShort', 'Returned')
        : cell.points === null
          ? '—'
          : pointsText(cell.points);
  if (book.error) return <ErrorAlert error={book.error} />;
  if (!book.data)
    return <Loader size="sm" role="status" aria-label={t('gradeHistory.loading', 'Loading')} />;
  const { columns, rows } = book.data;
  if (columns.length === 0)
    return (
      <Text size="sm">
        {t('gradeHistory.bookNoColumns', 'The course had no graded tasks then.')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <ScrollTable
        minWidth={200 + columns.length * 110 + 200}
        label={t('gradeHistory.bookLabel', 'Grade book as of that time')}
      >
        <Table striped withColumnBorders verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('gradeHistory.student', 'Student')}</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.id} title={`${c.unitTitle} · ${c.title}`}>
                  <Text size="xs" fw={700} lineClamp={2}>
                    {c.title}
                  </Text>
                  <Text size="xs" c="gray.8">
                    {t('gradeHistory.of', 'of {{max}}', { max: pointsText(c.maxPoints) })}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th>{t('gradeHistory.bookPoints', 'Points')}</Table.Th>
              <Table.Th>{t('gradeHistory.bookSoFar', 'Result so far')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.studentId}>
                <Table.Th scope="row" fw={400}>
                  <Anchor component={Link} to={historyPath(r.studentId, courseId)} size="sm">
                    {r.lastName}, {r.firstName}
                  </Anchor>
                </Table.Th>
                {r.cells.map((cell, i) => (
                  <Table.Td key={columns[i]?.id ?? i}>{cellText(cell)}</Table.Td>
                ))}
                <Table.Td>{pointsText(r.points)}</Table.Td>
                <Table.Td>{r.soFar === null ? '—' : pointsText(r.soFar)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {rows.length === 0 ? (
        <Text size="sm">{t('gradeHistory.bookNoRows', 'No learners in this class.')}</Text>
      ) : null}
    </Stack>
  );
}
