import { Table, Text } from '@mantine/core';
import type { ImportReport } from '@lantern/contracts/programme';

type Problem = ImportReport['problems'][number];

/** Problems in the order of the file, by row; within a row as the server gave them (the file's
 * column order). */
export const sortProblems = (problems: readonly Problem[]): Problem[] =>
  [...problems].sort((a, b) => a.row - b.row);

/** Every problem of an imported file (applicants, results, cohorts), by row and column, so the file can
 * be fixed in one go. */
export function ImportProblemsTable({ problems }: { problems: readonly Problem[] }) {
  return (
    <Table.ScrollContainer minWidth={300} maxHeight={320}>
      <Table fz="sm" verticalSpacing={4} striped withTableBorder stickyHeader>
        <Table.Caption>
          {problems.length === 1 ? '1 problem' : `${problems.length} problems`} in the file
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>Row</Table.Th>
            <Table.Th w={100}>Column</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortProblems(problems).map((p, i) => (
            <Table.Tr key={`${p.row}-${p.column}-${i}`}>
              <Table.Td>{p.row}</Table.Td>
              <Table.Td>
                <Text span size="sm" ff="monospace">
                  {p.column}
                </Text>
              </Table.Td>
              <Table.Td>{p.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
