import type { ReactNode } from 'react';
import { Paper, Table, Title } from '@mantine/core';

export type DetailRow = [label: string, value: ReactNode];

const shown = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? '—' : value;

type DetailCardProps = {
  title: string;
  rows: DetailRow[];
  /** The share of the width the labels take. */
  labelWidth?: string;
};

/** A titled card of label–value rows, for the overview of a record; an empty value shows as —. */
export function DetailCard({ title, rows, labelWidth = '45%' }: DetailCardProps) {
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" fz="sm" verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={labelWidth} bg="transparent" fw={600}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
