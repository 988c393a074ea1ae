import { Table, Text } from '@mantine/core';
import type { GradeChange } from '@lantern/contracts/bachelor-verification';
import { ScrollTable } from '../../../components/scroll-table';
import { counted } from '../../../lib/plural';

const score = (s: number | null) => (s === null ? 'no grade' : String(s));

/** One grade's move since an approval, in words: "3 → 3.5", "added (3)", "removed (was 3)". */
export function changeText(c: GradeChange): string {
  if (c.change === 'added') return `Added: ${score(c.newScore)}`;
  if (c.change === 'removed') return `Removed (was ${score(c.oldScore)})`;
  if (c.oldScore === c.newScore) return `${score(c.newScore)} (changed and changed back)`;
  return `${score(c.oldScore)} → ${score(c.newScore)}`;
}

/** The grades that moved since an approval (at most 50 listed, with the total). */
export function GradeChanges({
  changes,
  count,
  label,
}: {
  changes: GradeChange[];
  count: number;
  label: string;
}) {
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        No grade changed.
      </Text>
    );
  return (
    <>
      <ScrollTable minWidth={420} label={label}>
        <Table aria-label={label} withTableBorder striped fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Course</Table.Th>
              <Table.Th>Grade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.studentCourseId}>
                <Table.Td>{c.student}</Table.Td>
                <Table.Td>{c.courseCode}</Table.Td>
                <Table.Td>{changeText(c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {count > changes.length ? (
        <Text size="xs" c="dimmed">
          {changes.length} of {counted(count, 'change')} shown.
        </Text>
      ) : null}
    </>
  );
}
