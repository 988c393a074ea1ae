import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ClassMember } from '../classes-model';
import { SelectAllHeader, SelectRowCell } from './selection-cells';

type ClassMembersTableProps = {
  /** Names the table for screen readers: 'Students of KAK-1'. */
  label: string;
  members: ClassMember[];
  /** Absent when the user may not move students: no checkboxes then. */
  selected?: ReadonlySet<number> | undefined;
  onToggle?: ((enrolmentIds: number[], checked: boolean) => void) | undefined;
  canOpenStudent: boolean;
};

const nameOf = (m: ClassMember) => `${m.lastName}, ${m.firstName}`;

/** The students of a class (or the unplaced ones of a CLC): name, JWL-ID, study break, and
 * whether they were placed by hand. */
export function ClassMembersTable({
  label,
  members,
  selected,
  onToggle,
  canOpenStudent,
}: ClassMembersTableProps) {
  if (members.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No students.
      </Text>
    );
  const sorted = [...members].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en'));
  const canSelect = selected !== undefined && onToggle !== undefined;
  return (
    <Table aria-label={label} fz="sm" verticalSpacing={2} horizontalSpacing={6} striped>
      <Table.Thead>
        <Table.Tr>
          {canSelect ? (
            <SelectAllHeader
              label={`Select all: ${label}`}
              ids={sorted.map((m) => m.enrolmentId)}
              selected={selected}
              onToggle={onToggle}
            />
          ) : null}
          <Table.Th>Name</Table.Th>
          <Table.Th w={72}>JWL-ID</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((m) => (
          <Table.Tr key={m.enrolmentId}>
            {canSelect ? (
              <SelectRowCell
                label={`Select ${m.firstName} ${m.lastName}`}
                id={m.enrolmentId}
                selected={selected}
                onToggle={onToggle}
              />
            ) : null}
            <Table.Td>
              <Group gap={4} wrap="wrap">
                {canOpenStudent ? (
                  <Anchor component={Link} to={`/en/student/${m.studentId}/overview`} size="sm">
                    {nameOf(m)}
                  </Anchor>
                ) : (
                  <Text span size="sm">
                    {nameOf(m)}
                  </Text>
                )}
                {m.onBreak ? (
                  <Badge size="xs" variant="filled" color="violet.9" tt="none">
                    Study break
                  </Badge>
                ) : null}
                {m.placedManually ? (
                  <Badge size="xs" variant="outline" color="gray.8" tt="none">
                    Placed by hand
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{m.studentId}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
