import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { READABLE_TITLE } from '../lib/a11y';

/** A person (or record) in a diff: where the file has them, and their name. */
export type DiffEntry = { key: string; row: number | null; name: string };
export type DiffChange = {
  label: string;
  from: string | null;
  to: string | null;
  /** The value someone entered by hand since the last import, which the file overwrites. */
  manual: string | null;
};

type ImportDiffProps = {
  /** The whole counts (the caller's summary states them; the lists may be cut short). */
  counts: { added: number; changed: number; unlisted: number };
  added: DiffEntry[];
  changed: (DiffEntry & { changes: DiffChange[] })[];
  unlisted: DiffEntry[];
  /** The number of changes that overwrite a hand edit. */
  overwrites: number;
  /** What happens to the unlisted (e.g. "They stay in the cohort."). */
  unlistedNote: string;
};

/** Long names and values (an e-mail) wrap anywhere inside their cell, so that on a phone the
 * table stays as wide as the page; headers and field names keep their words whole. */
const WRAP = { overflowWrap: 'anywhere' } as const;

const shown = (value: string | null) => (value === null || value === '' ? '(empty)' : value);
const more = (total: number, listed: number) =>
  total > listed ? (
    <Text size="xs" c="dimmed">
      {listed} of {total} shown.
    </Text>
  ) : null;

/** What a file does against the last import: who is added, changed (field: old → new, with the
 * hand edits it would overwrite) and no longer listed. Shared by the imports that diff. */
export function ImportDiff({
  counts,
  added,
  changed,
  unlisted,
  overwrites,
  unlistedNote,
}: ImportDiffProps) {
  return (
    <Stack gap="sm">
      {overwrites > 0 ? (
        <Alert
          color="orange.9"
          variant="light"
          title="Hand edits would be overwritten"
          styles={READABLE_TITLE}
        >
          {overwrites === 1 ? '1 change replaces' : `${overwrites} changes replace`} a value someone
          entered by hand since the last import (marked below).
        </Alert>
      ) : null}
      {added.length > 0 ? (
        <section aria-label="Added">
          <Title order={3} size="h5">
            Added ({counts.added})
          </Title>
          <Table fz="sm" verticalSpacing={2} striped>
            <Table.Tbody>
              {added.map((a) => (
                <Table.Tr key={a.key}>
                  <Table.Td w={64}>{a.row === null ? '' : `Row ${a.row}`}</Table.Td>
                  <Table.Td style={WRAP}>{a.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {more(counts.added, added.length)}
        </section>
      ) : null}
      {changed.length > 0 ? (
        <section aria-label="Changed">
          <Title order={3} size="h5">
            Changed ({counts.changed})
          </Title>
          <Table fz="sm" verticalSpacing={2} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={64}>Row</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Last import</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changed.flatMap((c) =>
                c.changes.map((change, i) => (
                  <Table.Tr key={`${c.key}-${change.label}`}>
                    <Table.Td>{i === 0 && c.row !== null ? c.row : ''}</Table.Td>
                    <Table.Td style={WRAP}>{i === 0 ? c.name : ''}</Table.Td>
                    <Table.Td>{change.label}</Table.Td>
                    <Table.Td style={WRAP}>{shown(change.from)}</Table.Td>
                    <Table.Td style={WRAP}>
                      {shown(change.to)}
                      {change.manual !== null ? (
                        <Badge color="orange.9" variant="light" ml="xs" tt="none">
                          overwrites the hand edit {shown(change.manual)}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
          {more(counts.changed, changed.length)}
        </section>
      ) : null}
      {unlisted.length > 0 ? (
        <section aria-label="No longer listed">
          <Title order={3} size="h5">
            No longer listed ({counts.unlisted})
          </Title>
          <Text size="xs">{unlistedNote}</Text>
          <Table fz="sm" verticalSpacing={2} striped>
            <Table.Tbody>
              {unlisted.map((u) => (
                <Table.Tr key={u.key}>
                  <Table.Td style={WRAP}>{u.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {more(counts.unlisted, unlisted.length)}
        </section>
      ) : null}
    </Stack>
  );
}
