import { Table, Text } from '@mantine/core';
import type { AuditLogItem } from '@lantern/contracts/audit-log';
import { fieldLabel } from '@lantern/contracts/labels';
import { changeView } from '../audit-format';
import { personLabel } from '../audit-format';

/** What one audit row changed, with where it came from. */
export function AuditChanges({ item }: { item: AuditLogItem }) {
  const view = changeView(item.changes);
  return (
    <div style={{ padding: '0.5rem 0.75rem', overflowX: 'auto' }}>
      <Text size="xs" c="gray.8" mb={4}>
        {item.impersonator
          ? `Done by ${personLabel(item.impersonator)} while acting as ${personLabel(item.actor)}. `
          : ''}
        From {item.ip ?? 'an unknown address'}. Action code (for the Action filter):{' '}
        <Text span inherit ff="monospace">
          {item.action}
        </Text>
        .
      </Text>
      {view.kind === 'none' ? (
        <Text size="sm">No changes recorded.</Text>
      ) : (
        <Table
          fz="xs"
          withTableBorder
          verticalSpacing={2}
          aria-label={`Changes of entry ${item.id}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              {view.kind === 'diff' ? (
                <>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </>
              ) : (
                <Table.Th>Value</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.kind === 'diff'
              ? view.rows.map((r) => (
                  <Table.Tr key={r.field}>
                    <Table.Td>{fieldLabel(r.field)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.from}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.to}</Table.Td>
                  </Table.Tr>
                ))
              : view.rows.map((r) => (
                  <Table.Tr key={r.field}>
                    <Table.Td>{fieldLabel(r.field)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.value}</Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
