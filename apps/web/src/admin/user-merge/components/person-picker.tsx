import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MergePerson } from '@lantern/contracts/user-merge';
import { ErrorAlert } from '../../../components/failure-alert';
import { useMergeCandidates } from '../api/user-merge';

type PersonPickerProps = {
  /** "Person to remove" or "Person to keep". */
  title: string;
  chosen: MergePerson | null;
  onChoose: (person: MergePerson | null) => void;
};

export const personName = (p: Pick<MergePerson, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`;

/** Finds one person by JWL-ID, name, username or e-mail, and shows who was chosen. */
export function PersonPicker({ title, chosen, onChoose }: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const candidates = useMergeCandidates(q);
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;

  return (
    <Paper withBorder p="sm" aria-labelledby={headingId} component="section">
      <Stack gap="xs">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        {chosen ? (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>
                {personName(chosen)} · {chosen.id}
              </Text>
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {chosen.username}
                {chosen.email ? ` · ${chosen.email}` : ''}
              </Text>
              <Text size="sm" c="gray.7">
                {chosen.roles.join(', ') || 'No roles'}
                {chosen.clcs.length ? ` · ${chosen.clcs.join(', ')}` : ''}
              </Text>
            </div>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onChoose(null);
              }}
            >
              Change
            </Button>
          </Group>
        ) : (
          <>
            <TextInput
              label="Find by JWL-ID, name, username or e-mail"
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
              }}
            />
            <ErrorAlert error={candidates.error} />
            {q && candidates.data ? (
              candidates.data.items.length === 0 ? (
                <Text size="sm">Nobody found.</Text>
              ) : (
                <Table fz="sm" verticalSpacing={4} highlightOnHover>
                  <Table.Tbody>
                    {candidates.data.items.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {personName(p)} · {p.id}
                          </Text>
                          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                            {p.username}
                            {p.email ? ` · ${p.email}` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td w={1}>
                          {p.status === 'removed' ? (
                            <Badge color="gray" variant="light">
                              removed
                            </Badge>
                          ) : (
                            <Button
                              size="xs"
                              variant="light"
                              aria-label={`Choose ${personName(p)} (${String(p.id)})`}
                              onClick={() => {
                                onChoose(p);
                              }}
                            >
                              Choose
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
