import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitItem } from '@lantern/contracts/learning-content';
import { LightBadge } from './light-badge';
import { useShownTaskState, type ShownTaskState } from '../../task-state/public';
import { taskStateLabel } from '../labels';

const COLOURS: Record<ShownTaskState, string> = {
  not_started: 'gray',
  in_progress: 'yellow',
  draft: 'yellow',
  submitted: 'blue',
  graded: 'green',
  returned: 'orange',
};

/** A learner's state on a task, and "Late" when it is (or was handed in) after its due date. */
export function TaskStateBadge({ state, late }: { state: ShownTaskState; late: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <LightBadge color={COLOURS[state]}>{taskStateLabel(t, state)}</LightBadge>
      {late ? <LightBadge color="red">{t('content.late', 'Late')}</LightBadge> : null}
    </Group>
  );
}

/** An item's task state as every page shows it ("In progress" for a training under way). */
export function ItemTaskStateBadge({ item }: { item: UnitItem }) {
  const mine = item.task?.mine;
  const state = useShownTaskState(item.id, item.kind, mine?.state ?? null);
  if (!mine || state === null) return null;
  return <TaskStateBadge state={state} late={mine.late} />;
}
