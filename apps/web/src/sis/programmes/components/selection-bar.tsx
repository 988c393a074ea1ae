import { Button, Group, Paper, Text } from '@mantine/core';
import { ENROLMENT_ACTIONS, type EnrolmentAction } from '@lantern/contracts/programme';
import type { AvailableEnrolmentAction } from '../enrolment-actions';

type SelectionBarProps = {
  /** How many students are selected (more than none). */
  count: number;
  actions: readonly AvailableEnrolmentAction[];
  onAct: (action: EnrolmentAction) => void;
  onClear: () => void;
  /** A colour for an action that stands out (fail). */
  colorOf?: (action: EnrolmentAction) => string | undefined;
};

/** The actions on the selected students, each with how many it applies to when not all. */
export function SelectionBar({ count, actions, onAct, onClear, colorOf }: SelectionBarProps) {
  return (
    <Paper withBorder p="xs" bg="lantern.0" role="region" aria-label="Selected students">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        {actions.map(({ action, applicable }) => (
          <Button
            key={action}
            size="xs"
            color={colorOf?.(action)}
            onClick={() => {
              onAct(action);
            }}
          >
            {ENROLMENT_ACTIONS[action].label}
            {applicable < count ? ` (${applicable})` : ''}
          </Button>
        ))}
        {actions.length === 0 ? (
          <Text size="sm">No action applies to these students now.</Text>
        ) : null}
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
