import { Table, Text } from '@mantine/core';
import {
  DROPOUT_ACTION_LABELS,
  DROPOUT_CRITERION_LABELS,
  type ReportRow,
} from '@lantern/contracts/dropout';
import { itemThreshold } from '../item-threshold';
import { ScrollTable } from '../../../components/scroll-table';

/** A share in words, "3 (60 %)", or just the count when nothing was flagged. */
const ofFlagged = (n: number, flagged: number) =>
  flagged === 0 ? String(n) : `${n} (${Math.round((n / flagged) * 100)} %)`;

/**
 * The tuning report (decision 0021 §3.7): per item, how many students it flagged and where they
 * are now (withdrawn or failed, still active, completed), and how many dropped out without a flag
 * of it. An item that flags many who go on to complete flags too early; many dropping out
 * unflagged, too late.
 */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  if (rows.length === 0) return <Text size="sm">No items yet: nothing to report.</Text>;
  return (
    <ScrollTable minWidth={720} label="Tuning report">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criteria</Table.Th>
            <Table.Th>Threshold</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th ta="end">Flagged</Table.Th>
            <Table.Th ta="end">Of whom withdrawn or failed</Table.Th>
            <Table.Th ta="end">Still active</Table.Th>
            <Table.Th ta="end">Completed</Table.Th>
            <Table.Th ta="end">Dropped out without a flag</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.itemId}>
              <Table.Td>
                {DROPOUT_CRITERION_LABELS[r.criterion]}
                {r.isDeleted ? (
                  <Text span size="sm">
                    {' '}
                    (deleted)
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{itemThreshold(r)}</Table.Td>
              <Table.Td>{DROPOUT_ACTION_LABELS[r.action]}</Table.Td>
              <Table.Td ta="end">{r.flagged}</Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {ofFlagged(r.droppedOut, r.flagged)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {ofFlagged(r.stillActive, r.flagged)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {ofFlagged(r.completed, r.flagged)}
              </Table.Td>
              <Table.Td ta="end">{r.droppedWithoutFlag}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
