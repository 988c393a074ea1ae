import { Table, Text } from '@mantine/core';
import type { MergeCount } from '@lantern/contracts/user-merge';

/** The kinds where either person has something: the rest would be rows of two zeros. */
export const countsWithSomething = (counts: readonly MergeCount[]): MergeCount[] =>
  counts.filter((c) => c.removed > 0 || c.kept > 0);

/**
 * What moves from the removed person to the kept one, per kind: only the kinds where either has
 * something, and one line for the others (a merge compares about 30 kinds, most of them empty).
 */
export function MoveCountsTable({ counts }: { counts: readonly MergeCount[] }) {
  const shown = countsWithSomething(counts);
  const empty = counts.length - shown.length;
  return (
    <>
      {shown.length > 0 ? (
        <Table fz="sm" verticalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kind</Table.Th>
              <Table.Th ta="right">Removed person</Table.Th>
              <Table.Th ta="right">Kept person</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((c) => (
              <Table.Tr key={c.kind}>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td ta="right" fw={c.removed > 0 ? 700 : undefined}>
                  {c.removed}
                </Table.Td>
                <Table.Td ta="right">{c.kept}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {empty > 0 ? (
        <Text size="sm" mt={4}>
          {shown.length === 0
            ? `Neither person has anything to move: all ${String(counts.length)} kinds compared are empty.`
            : `Other kinds compared, empty for both people: ${String(empty)}.`}
        </Text>
      ) : null}
    </>
  );
}
