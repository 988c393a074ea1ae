import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnitItem } from '@lantern/contracts/learning-content';
import { LightBadge } from './light-badge';
import { myAttemptsQueryOptions } from '../../wbt/api/get-my-attempts';
import { trainingTaskState, type ShownTaskState } from '../../learning-work/task-state';
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

/**
 * An item's task state as the training's own page shows it: a training not handed in yet asks
 * for its attempts, so one started and not finished reads "In progress", not "Not started".
 */
export function ItemTaskStateBadge({ item }: { item: UnitItem }) {
  const mine = item.task?.mine;
  const asksAttempts = item.kind === 'wbt' && mine?.state === 'not_started';
  const attempts = useQuery({ ...myAttemptsQueryOptions(item.id), enabled: asksAttempts });
  if (!mine) return null;
  const state = asksAttempts
    ? trainingTaskState(mine.state, attempts.data?.attempts.at(-1))
    : mine.state;
  return <TaskStateBadge state={state} late={mine.late} />;
}
