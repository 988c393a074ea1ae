import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Forum } from '@lantern/contracts/discussions';
import { formatDateTime } from '../../../lib/format';

/** Where a forum belongs (course, unit), its state, and a graded discussion's requirement. */
export function ForumHeader({ forum, title }: { forum: Forum; title?: string }) {
  const { t } = useTranslation();
  const item = forum.item;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/en/course/${forum.course.id}`} size="sm">
          {forum.course.code} · {forum.course.title}
        </Anchor>
        {forum.unit ? (
          <>
            <Text size="sm" c="gray.8" aria-hidden>
              ›
            </Text>
            <Anchor component={Link} to={`/en/unit/${forum.unit.id}`} size="sm">
              {forum.unit.title}
            </Anchor>
          </>
        ) : null}
      </Group>
      <Group gap="xs">
        <Title order={1} size="h3">
          {title ?? forum.title}
        </Title>
        {forum.isLocked ? (
          <Badge color="gray.8" tt="none">
            {t('discuss.locked', 'Closed for new posts')}
          </Badge>
        ) : null}
        {forum.isClosed ? (
          <Badge color="gray.8" tt="none">
            {t('discuss.unitClosed', 'Unit closed')}
          </Badge>
        ) : null}
      </Group>
      {item ? (
        <Text size="sm">
          {t(
            'discuss.requirement',
            'Graded discussion: write at least {{posts}} posts, {{replies}} of them replies to others.',
            { posts: item.minPosts, replies: item.minReplies },
          )}
          {item.minWordsPerPost
            ? ` ${t('discuss.minWords', 'Each post needs at least {{count}} words.', { count: item.minWordsPerPost })}`
            : ''}
          {item.dueAt
            ? ` ${t('discuss.due', 'Due {{at}}.', { at: formatDateTime(item.dueAt) })}`
            : ''}
        </Text>
      ) : null}
      {forum.mine ? (
        <Text size="sm" fw={600}>
          {forum.mine.handedIn
            ? t('discuss.mineDone', 'Your posts meet the requirement: your work is handed in.')
            : t(
                'discuss.mine',
                'So far: {{posts}} of {{minPosts}} posts, {{replies}} of {{minReplies}} replies.',
                {
                  posts: forum.mine.posts,
                  minPosts: item?.minPosts ?? 0,
                  replies: forum.mine.replies,
                  minReplies: item?.minReplies ?? 0,
                },
              )}
        </Text>
      ) : null}
      {forum.may.why ? (
        <Text size="sm" c="gray.8">
          {forum.may.why}
        </Text>
      ) : null}
    </Stack>
  );
}
