import '../styles';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyWork } from '@lantern/contracts/learning-work';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import type { ShownTaskState } from '../../task-state/public';
import { TaskStateBadge } from './task-state-badge';

/**
 * A task's title, course and unit, dates, points and instructions, as the answer pages show them.
 * `state` is the page's own reading of the task when it knows more (a training's attempt).
 */
export function TaskHeader({ work, state }: { work: MyWork; state?: ShownTaskState }) {
  const { t } = useTranslation();
  const { task } = work;
  const late = task.dueAt !== null && new Date(task.dueAt) < new Date();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={`/en/unit/${task.unit.id}/${task.id}`} size="sm">
        ← {task.course.code} · {task.unit.title}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {task.title}
        </Title>
        <TaskStateBadge state={state ?? work.state} />
      </Group>
      <Group gap="md" wrap="wrap">
        {task.dueAt ? (
          <Text size="sm">
            {t('lms.task.due', 'Due')}: {formatDateTime(task.dueAt)}
            {late && work.state === 'not_started' ? (
              <Badge ms="xs" color="red.9" variant="filled">
                {t('lms.task.late', 'Late')}
              </Badge>
            ) : null}
          </Text>
        ) : null}
        {task.lateUntil ? (
          <Text size="sm">
            {t('lms.task.lateUntil', 'Taken late until')}: {formatDateTime(task.lateUntil)}
          </Text>
        ) : null}
        {task.maxPoints !== null ? (
          <Text size="sm">
            {t('lms.task.points', '{{count}} points', { count: task.maxPoints })}
          </Text>
        ) : null}
        {task.settings.maxAttempts !== null ? (
          <Text size="sm">
            {t('lms.task.attempts', 'Attempts allowed: {{count}}', {
              count: task.settings.maxAttempts,
            })}
          </Text>
        ) : null}
      </Group>
      <RichText html={task.body} />
    </Stack>
  );
}
