import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from './light-badge';
import { Link } from 'react-router';
import type { UnitItem } from '@lantern/contracts/learning-content';
import { fileSize } from '@lantern/contracts/uploads';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { useMarkDone } from '../api/mark-done';
import { deliveryLabel, fileTypesLabel, kindLabel } from '../labels';
import { contentPaths } from '../paths';
import { ItemTaskStateBadge } from './task-state-badge';
import { VideoEmbed } from './video-embed';

function ResourceBlock({ item }: { item: UnitItem }) {
  const { t } = useTranslation();
  const resource = item.resource;
  if (!resource) return null;
  switch (resource.format) {
    case 'text':
      return null;
    case 'link':
      return (
        <Anchor href={resource.url} target="_blank" rel="noopener noreferrer">
          {t('content.openLink', 'Open the link')} ({new URL(resource.url).host})
        </Anchor>
      );
    case 'video':
      return <VideoEmbed url={resource.embedUrl} title={item.title} />;
    case 'file':
      return (
        <Anchor href={resource.url} target="_blank" rel="noopener noreferrer">
          {t('content.openFile', 'Open {{name}}', { name: resource.fileName })} (
          {fileSize(resource.size)})
        </Anchor>
      );
  }
}

function TaskBlock({ item, maySubmit }: { item: UnitItem; maySubmit: boolean }) {
  const { t } = useTranslation();
  const task = item.task;
  if (!task) return null;
  const bounds =
    task.minWords !== null || task.maxWords !== null
      ? t('content.words', '{{min}} to {{max}} words', {
          min: task.minWords ?? 1,
          max: task.maxWords ?? '…',
        })
      : null;
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        <ItemTaskStateBadge item={item} />
        <Text size="sm">
          <strong>{t('content.due', 'Due')}:</strong>{' '}
          {task.dueAt ? formatDateTime(task.dueAt) : t('content.noDueDate', 'No due date')}
        </Text>
        <Text size="sm">
          <strong>{t('content.points', 'Points')}:</strong>{' '}
          {task.mine?.points != null ? `${task.mine.points} / ${task.maxPoints}` : task.maxPoints}
        </Text>
        <Text size="sm">{deliveryLabel(t, task.delivery)}</Text>
        {bounds ? <Text size="sm">{bounds}</Text> : null}
        {item.kind === 'voice_task' ? (
          <Text size="sm">{t('content.spokenAnswer', 'A spoken answer, recorded here')}</Text>
        ) : task.accept.length > 0 ? (
          <Text size="sm">
            {t('content.fileTypes', 'Files: {{types}}', { types: fileTypesLabel(task.accept) })}
          </Text>
        ) : null}
      </Group>
      {task.lateUntil ? (
        <Text size="sm" c="dimmed">
          {t('content.lateUntil', 'Late work is taken until {{date}}.', {
            date: formatDateTime(task.lateUntil),
          })}
        </Text>
      ) : null}
      {item.kind === 'discussion' ? (
        // A graded discussion is its forum: learners take part there, staff read and moderate.
        <Group>
          <Button
            component={Link}
            to={contentPaths.answer('discuss', item.id)}
            variant={task.mine && maySubmit ? 'filled' : 'light'}
          >
            {task.mine && maySubmit
              ? t('content.joinDiscussion', 'Take part in the discussion')
              : t('content.openDiscussion', 'Open the discussion')}
          </Button>
        </Group>
      ) : task.mine ? (
        <Group>
          <Button
            component={Link}
            to={contentPaths.answer(task.answerRoute, item.id)}
            variant={maySubmit ? 'filled' : 'light'}
          >
            {maySubmit
              ? task.answerRoute === 'submit_text'
                ? t('content.writeAnswer', 'Write your answer')
                : item.kind === 'quiz'
                  ? t('content.openQuiz', 'Open the quiz')
                  : item.kind === 'voice_task'
                    ? t('content.recordAnswer', 'Record your answer')
                    : item.kind === 'wbt'
                      ? t('content.openTraining', 'Open the training')
                      : t('content.handInFiles', 'Hand in your files')
              : t('content.seeWork', 'See your work')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** One item of a unit as a learner (or a previewing author) reads it. */
export function ItemView({
  item,
  maySubmit,
  canMarkDone,
}: {
  item: UnitItem;
  maySubmit: boolean;
  canMarkDone: boolean;
}) {
  const { t } = useTranslation();
  const markDone = useMarkDone();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {item.title}
        </Title>
        <Group gap={4}>
          <Badge variant="outline" color="gray">
            {kindLabel(t, item.kind)}
          </Badge>
          {item.isDraft ? (
            <LightBadge color="yellow">{t('content.notPublished', 'Not published yet')}</LightBadge>
          ) : null}
        </Group>
      </Group>
      <RichText html={item.body} />
      <ResourceBlock item={item} />
      <TaskBlock item={item} maySubmit={maySubmit} />
      {item.kind === 'resource' && item.done !== null && canMarkDone ? (
        <Group>
          <Button
            variant={item.done ? 'light' : 'filled'}
            loading={markDone.isPending}
            onClick={() => {
              markDone.mutate({ itemId: item.id, done: !item.done });
            }}
          >
            {item.done
              ? t('content.markNotDone', 'Mark as not done')
              : t('content.markDone', 'Mark as done')}
          </Button>
          {item.done ? (
            // teal 9 keeps AA contrast on white; green 8 does not.
            <Text size="sm" c="teal.9" fw={600}>
              {t('content.done', 'Done')}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {item.kind === 'resource' && item.done !== null && !canMarkDone && item.done ? (
        <Alert color="green" variant="light">
          {t('content.done', 'Done')}
        </Alert>
      ) : null}
      <ErrorAlert error={markDone.error} />
    </Stack>
  );
}
