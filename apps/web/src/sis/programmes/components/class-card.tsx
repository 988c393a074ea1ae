import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { isOverCapacity, sizeText } from '../classes-model';
import { ClassMembersTable } from './class-members-table';

export type ClassCardActions = {
  onRename?: (() => void) | undefined;
  onEditStaff?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
};

type ClassCardProps = ClassCardActions & {
  klass: ProgrammeClass;
  selected?: ReadonlySet<number> | undefined;
  onToggle?: ((enrolmentIds: number[], checked: boolean) => void) | undefined;
  canOpenStudent: boolean;
};

const names = (staff: ProgrammeClass['staff']) =>
  staff.map((s) => `${s.firstName} ${s.lastName}`).join(', ') || '—';

/** One class: its size against its capacity, its staff, its students. */
export function ClassCard({ klass, onRename, onEditStaff, onDelete, ...table }: ClassCardProps) {
  const over = isOverCapacity(klass);
  const facilitators = klass.staff.filter((s) => s.kind === 'facilitator');
  const faculty = klass.staff.filter((s) => s.kind === 'faculty');
  const assistants = klass.staff.filter((s) => s.kind === 'assistant');
  return (
    <Paper withBorder p="xs" component="article" aria-label={`Class ${klass.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Title order={3} fz="h5">
              {klass.name}
            </Title>
            <Badge
              size="md"
              variant={over ? 'filled' : 'outline'}
              color={over ? 'red.9' : 'gray.8'}
              tt="none"
              title={over ? 'More students than places' : undefined}
            >
              {sizeText(klass)}
              <VisuallyHidden>{over ? ' students, over capacity' : ' students'}</VisuallyHidden>
            </Badge>
          </Group>
          <Group gap={4} wrap="wrap" justify="flex-end">
            {onRename ? (
              <Button size="compact-xs" variant="default" onClick={onRename}>
                Rename<VisuallyHidden> {klass.name}</VisuallyHidden>
              </Button>
            ) : null}
            {onEditStaff ? (
              <Button size="compact-xs" variant="default" onClick={onEditStaff}>
                Staff<VisuallyHidden> of {klass.name}</VisuallyHidden>
              </Button>
            ) : null}
            {onDelete ? (
              <Button size="compact-xs" variant="default" color="red.9" onClick={onDelete}>
                Delete<VisuallyHidden> {klass.name}</VisuallyHidden>
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="xs">
          <Text span size="xs" fw={600}>
            Facilitators (onsite):
          </Text>{' '}
          {names(facilitators)}
        </Text>
        <Text size="xs">
          <Text span size="xs" fw={600}>
            Faculty (online):
          </Text>{' '}
          {names(faculty)}
        </Text>
        {assistants.length > 0 ? (
          <Text size="xs">
            <Text span size="xs" fw={600}>
              Teaching assistants:
            </Text>{' '}
            {names(assistants)}
          </Text>
        ) : null}
        <ClassMembersTable label={`Students of ${klass.name}`} members={klass.members} {...table} />
      </Stack>
    </Paper>
  );
}
