import { useMemo, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { BatchResultAlert } from '../../../components/batch-result-alert';
import type { MoveResult } from '../api/move-students';
import { placementsOf, type ClassMember, type ClcClasses } from '../classes-model';
import { ClassCard } from './class-card';
import { ClassMembersTable } from './class-members-table';
import { MoveStudentsModal } from './move-students-modal';
import { useSelection } from './selection-cells';

export type ClassPermissions = {
  /** Create, rename and delete classes. */
  canEdit: boolean;
  canEditStaff: boolean;
  canMove: boolean;
  canOpenStudent: boolean;
};

type ClcClassesSectionProps = {
  programmeId: number;
  section: ClcClasses;
  permissions: ClassPermissions;
  onCreate: (clcId: number) => void;
  onRename: (klass: ProgrammeClass) => void;
  onEditStaff: (klass: ProgrammeClass) => void;
  onDelete: (klass: ProgrammeClass) => void;
};

const fullName = (m: ClassMember) => `${m.lastName}, ${m.firstName} (${m.studentId})`;

/** One CLC: its classes side by side, its unplaced students, and moving a selection between
 * them (a move stays within the CLC, as the server requires). */
export function ClcClassesSection({
  programmeId,
  section,
  permissions,
  ...on
}: ClcClassesSectionProps) {
  const { selected, setSelected, toggle } = useSelection();
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<MoveResult | null>(null);
  const placement = useMemo(() => placementsOf(section), [section]);
  const members = useMemo(
    () =>
      new Map(
        [...section.classes.flatMap((c) => c.members), ...section.unplaced].map((m) => [
          m.enrolmentId,
          m,
        ]),
      ),
    [section],
  );
  // A student who left the CLC's classes since (a reload) drops out of the selection.
  const chosen = [...selected].filter((id) => placement.has(id));
  const selection = permissions.canMove ? { selected, onToggle: toggle } : {};
  const students = section.classes.reduce((n, c) => n + c.size, 0) + section.unplaced.length;
  const nameOf = (id: number) => {
    const m = members.get(id);
    return m ? fullName(m) : `Enrolment ${id}`;
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`clc-${section.clc.id}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz="h4" id={`clc-${section.clc.id}`}>
          {section.clc.code} {section.clc.name !== section.clc.code ? section.clc.name : ''}
        </Title>
        <Text size="sm">
          {section.classes.length} {section.classes.length === 1 ? 'class' : 'classes'} · {students}{' '}
          students
        </Text>
      </Group>
      {permissions.canMove || permissions.canEdit ? (
        <Group gap="xs" wrap="wrap">
          {permissions.canMove ? (
            <>
              <Text size="sm" fw={600}>
                {chosen.length} selected
              </Text>
              <Button
                size="xs"
                disabled={chosen.length === 0}
                onClick={() => {
                  setMoving(true);
                }}
              >
                Move selected
              </Button>
              {chosen.length > 0 ? (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => {
                    setSelected(new Set());
                  }}
                >
                  Clear selection
                </Button>
              ) : null}
            </>
          ) : null}
          {permissions.canEdit ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                on.onCreate(section.clc.id);
              }}
            >
              New class at {section.clc.code}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {moved ? (
        <BatchResultAlert
          title={`Moved: ${moved.done.length} done${moved.refused.length > 0 ? `, ${moved.refused.length} refused` : ''}`}
          color={moved.refused.length > 0 ? 'red.9' : 'teal.9'}
          refused={moved.refused}
          nameOf={nameOf}
          onClose={() => {
            setMoved(null);
          }}
        />
      ) : null}
      {section.classes.length === 0 ? (
        <Text size="sm">No class at {section.clc.code} yet.</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
        {section.classes.map((klass) => (
          <ClassCard
            key={klass.id}
            klass={klass}
            canOpenStudent={permissions.canOpenStudent}
            {...selection}
            onRename={
              permissions.canEdit
                ? () => {
                    on.onRename(klass);
                  }
                : undefined
            }
            onEditStaff={
              permissions.canEditStaff
                ? () => {
                    on.onEditStaff(klass);
                  }
                : undefined
            }
            onDelete={
              permissions.canEdit
                ? () => {
                    on.onDelete(klass);
                  }
                : undefined
            }
          />
        ))}
        {section.unplaced.length > 0 ? (
          <Paper
            withBorder
            p="xs"
            component="article"
            aria-label={`Unplaced students at ${section.clc.code}`}
            bg="lantern.0"
          >
            <Stack gap={6}>
              <Title order={3} fz="h5">
                Not in a class ({section.unplaced.length})
              </Title>
              <ClassMembersTable
                label={`Unplaced students at ${section.clc.code}`}
                members={section.unplaced}
                canOpenStudent={permissions.canOpenStudent}
                {...selection}
              />
            </Stack>
          </Paper>
        ) : null}
      </SimpleGrid>
      {permissions.canMove ? (
        <MoveStudentsModal
          programmeId={programmeId}
          section={section}
          selected={chosen}
          placement={placement}
          opened={moving}
          onClose={() => {
            setMoving(false);
          }}
          onDone={(result) => {
            setMoved(result);
            setSelected(new Set());
          }}
        />
      ) : null}
    </Stack>
  );
}
