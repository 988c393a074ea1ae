import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from './light-badge';
import type { TaskState } from '@lantern/contracts/learning-enums';
import { taskStateLabel } from '../labels';

const COLOURS: Record<TaskState, string> = {
  not_started: 'gray',
  draft: 'yellow',
  submitted: 'blue',
  graded: 'green',
  returned: 'orange',
};

/** A learner's state on a task, and "Late" when it is (or was handed in) after its due date. */
export function TaskStateBadge({ state, late }: { state: TaskState; late: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <LightBadge color={COLOURS[state]}>{taskStateLabel(t, state)}</LightBadge>
      {late ? <LightBadge color="red">{t('content.late', 'Late')}</LightBadge> : null}
    </Group>
  );
}
