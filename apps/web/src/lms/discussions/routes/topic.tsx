import '../styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { usePosts } from '../api/get-posts';
import { useMarkRead, useSetSubscribed } from '../api/read-state';
import { useCreatePost, useUpdateTopic } from '../api/write-posts';
import { ForumHeader } from '../components/forum-header';
import { PostCard } from '../components/post-card';
import { ReplyBox } from '../components/reply-box';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/**
 * discuss/:forumId/topic/:topicId: the thread in tree order, 30 posts then "Show more posts";
 * indentation stops at 3 levels on a phone and 6 wider ("Reply to …" beyond). Posts shown are
 * marked read; `?post=` opens around a post and scrolls to it.
 */
export default function TopicPage() {
  const { t } = useTranslation();
  const params = useParams();
  const forumId = Number(params.forumId);
  const topicId = Number(params.topicId);
  const [search] = useSearchParams();
  const focus = Number(search.get('post')) || null;
  const posts = usePosts(topicId, focus);
  const create = useCreatePost(topicId);
  const markRead = useMarkRead(topicId);
  const subscribe = useSetSubscribed(topicId);
  const updateTopic = useUpdateTopic(topicId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 600px)', true);
  const maxIndent = wide ? 6 : 3;
  const marked = useRef(new Set<number>());
  const scrolled = useRef(false);

  const first = posts.data?.pages[0];
  const all = useMemo(() => (posts.data?.pages ?? []).flatMap((p) => p.posts), [posts.data]);

  // What was shown is read: each newly loaded page's unread posts, once.
  useEffect(() => {
    const fresh = all.filter((p) => p.isUnread && !marked.current.has(p.id)).map((p) => p.id);
    if (fresh.length === 0) return;
    fresh.forEach((id) => marked.current.add(id));
    markRead.mutate({ postIds: fresh.slice(0, 100) });
  }, [all, markRead]);

  useEffect(() => {
    if (!focus || scrolled.current || all.length === 0) return;
    scrolled.current = true;
    document.getElementById(`post-${focus}`)?.scrollIntoView({ block: 'center' });
  }, [focus, all.length]);

  if (posts.error) return <ErrorAlert error={posts.error} />;
  if (!first) return <Loader size="sm" />;
  const { forum, topic, mayModerate } = first;
  const mayReply = forum.may.post && !topic.isLocked;
  const minWords = forum.mine ? (forum.item?.minWordsPerPost ?? null) : null;
  const reply = (parentId: number | undefined, body: string, clientId: string) =>
    create.mutateAsync({ clientId, body, ...(parentId ? { parentId } : {}) });

  return (
    <Stack gap="sm" maw={900}>
      <ForumHeader forum={forum} title={topic.title} />
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/en/discuss/${forumId}`} size="sm">
          {t('discuss.backToTopics', 'All topics of {{forum}}', { forum: forum.title })}
        </Anchor>
        <Text size="sm" c="gray.8">
          {t('discuss.postCount', '{{count}} posts', { count: topic.postCount })}
          {topic.class ? ` · ${topic.class.name}` : ''}
        </Text>
        {topic.isLocked ? (
          <Text size="sm" c="gray.8">
            {t('discuss.topicLocked', 'This topic is closed for new posts.')}
          </Text>
        ) : null}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Switch
          size="sm"
          checked={topic.subscribed}
          label={t('discuss.follow', 'Notify me of new posts')}
          onChange={(e) => subscribe.mutate(e.currentTarget.checked)}
        />
        <Button
          size="xs"
          variant="default"
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true }, { onSuccess: () => void posts.refetch() })}
        >
          {t('discuss.markAllRead', 'Mark all read')}
        </Button>
        {mayModerate ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default">
                {t('discuss.moderateTopic', 'Moderate topic')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  updateTopic.mutate({ version: topic.version, isPinned: !topic.isPinned })
                }
              >
                {topic.isPinned ? t('discuss.unpin', 'Unpin') : t('discuss.pin', 'Pin to the top')}
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  updateTopic.mutate({ version: topic.version, isLocked: !topic.isLocked })
                }
              >
                {topic.isLocked
                  ? t('discuss.unlock', 'Open for new posts')
                  : t('discuss.lock', 'Close for new posts')}
              </Menu.Item>
              <Menu.Item onClick={() => setRenaming(topic.title)}>
                {t('discuss.rename', 'Rename')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <ErrorAlert error={updateTopic.error ?? subscribe.error} />
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('discuss.rename', 'Rename')}
      >
        <Stack gap="xs">
          <TextInput
            label={t('discuss.topicTitle', 'Title')}
            value={renaming ?? ''}
            maxLength={200}
            onChange={(e) => setRenaming(e.currentTarget.value)}
          />
          <Button
            size="xs"
            loading={updateTopic.isPending}
            onClick={() =>
              updateTopic.mutate(
                { version: topic.version, title: renaming ?? topic.title },
                { onSuccess: () => setRenaming(null) },
              )
            }
          >
            {t('discuss.save', 'Save')}
          </Button>
        </Stack>
      </Modal>
      {first.hasEarlier ? (
        <Anchor component={Link} to={`/en/discuss/${forumId}/topic/${topicId}`} size="sm">
          {t('discuss.fromStart', 'Show the thread from its start')}
        </Anchor>
      ) : null}
      <Stack gap={6} component="section" aria-label={t('discuss.thread', 'Posts')}>
        {all.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            indent={Math.min(post.depth, maxIndent)}
            showReplyTo={post.depth > maxIndent}
            mayReply={mayReply}
            mayModerate={mayModerate}
            minWords={minWords}
            focused={post.id === focus}
            onReply={(parentId, body, clientId) => reply(parentId, body, clientId)}
          />
        ))}
      </Stack>
      {posts.hasNextPage ? (
        <Button
          variant="default"
          size="sm"
          loading={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          {t('discuss.showMore', 'Show more posts')}
        </Button>
      ) : null}
      {mayReply && !posts.hasNextPage ? (
        <Paper withBorder p="sm">
          <ReplyBox
            label={t('discuss.replyToTopic', 'Reply to this topic')}
            submitLabel={t('discuss.sendReply', 'Post reply')}
            minWords={minWords}
            onSubmit={(body, clientId) => reply(undefined, body, clientId)}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
