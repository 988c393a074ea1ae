import { List, Stack, Table, Text } from '@mantine/core';
import type { SecurityPreview, SecurityRun } from '@lantern/contracts/security-actions';
import { formatDateTime } from '../../../lib/format';

/** What the action would do: how many of the accounts found it changes, the first of them, and those it leaves out. */
export function PreviewResult({ preview }: { preview: SecurityPreview }) {
  return (
    <Stack gap="xs">
      <Text fw={600} role="status">
        {preview.affected} of {preview.matched} found would be changed.
      </Text>
      {preview.examples.length > 0 ? (
        <Table fz="sm" verticalSpacing={4} withTableBorder striped aria-label="People it changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>JWL-ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Username</Table.Th>
              <Table.Th visibleFrom="sm">Last sign-in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.examples.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.id}</Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td visibleFrom="sm">{p.username}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {p.lastSignInAt ? formatDateTime(p.lastSignInAt) : 'never'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {preview.affected > preview.examples.length ? (
        <Text size="xs" c="gray.7">
          The first {preview.examples.length} of {preview.affected} shown.
        </Text>
      ) : null}
      {preview.skippedCount > 0 ? <SkippedList result={preview} /> : null}
    </Stack>
  );
}

/** The accounts the action leaves out, each with why. */
export function SkippedList({ result }: { result: Pick<SecurityRun, 'skipped' | 'skippedCount'> }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        Left out: {result.skippedCount}
      </Text>
      <List size="sm" spacing={2}>
        {result.skipped.map((s) => (
          <List.Item key={s.id}>
            {s.name ? `${s.name} (${String(s.id)})` : String(s.id)}: {s.reason}
          </List.Item>
        ))}
      </List>
      {result.skippedCount > result.skipped.length ? (
        <Text size="xs" c="gray.7">
          The first {result.skipped.length} shown.
        </Text>
      ) : null}
    </div>
  );
}
