import { useState } from 'react';
import { Badge, Box, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '@lantern/contracts/discussions';
import { formatDateTime } from '../../../lib/format';
import { displayError } from '../../../lib/errors';
import { useSetRemoved, useUpdatePost } from '../api/write-posts';
import { PostBody } from './post-body';
import { PostRevisions } from './post-revisions';
import { ReplyBox } from './reply-box';

/** Minutes left to change a post, for "You can change this for 12 more minutes". */
const minutesLeft = (until: string) =>
  Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000));

/**
 * One post of a thread: author, time, "edited", the text (or "removed"), and what the caller
 * may do: reply, edit within the window, remove or restore as a moderator.
 */
export function PostCard({
  post,
  indent,
  showReplyTo,
  mayReply,
  mayModerate,
  minWords,
  focused,
  onReply,
}: {
  post: Post;
  indent: number;
  showReplyTo: boolean;
  mayReply: boolean;
  mayModerate: boolean;
  minWords: number | null;
  focused: boolean;
  onReply: (parentId: number, body: string, clientId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit' | 'remove'>('view');
  const [reason, setReason] = useState('');
  const [history, setHistory] = useState(false);
  const update = useUpdatePost();
  const removal = useSetRemoved();
  const removed = post.removed !== null;
  return (
    <Box
      id={`post-${post.id}`}
      ms={`calc(${indent} * var(--mantine-spacing-md))`}
      style={{ scrollMarginTop: 80 }}
    >
      <Paper
        withBorder
        p="xs"
        bg={focused ? 'yellow.0' : post.isUnread ? 'blue.0' : undefined}
        aria-label={t('discuss.postBy', 'Post by {{name}}', { name: post.author.name })}
        component="article"
      >
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {post.author.name}
              </Text>
              {showReplyTo && post.replyTo ? (
                <Text size="xs" c="gray.8">
                  {t('discuss.replyTo', 'Reply to {{name}}', { name: post.replyTo })}
                </Text>
              ) : null}
              <Text size="xs" c="gray.8">
                {formatDateTime(post.createdAt)}
              </Text>
              {post.editedAt ? (
                <Text size="xs" c="gray.8">
                  {t('discuss.edited', 'edited {{at}}', { at: formatDateTime(post.editedAt) })}
                </Text>
              ) : null}
              {post.editCount > 0 && (mayModerate || post.editableUntil) && !history ? (
                <Button size="compact-xs" variant="subtle" onClick={() => setHistory(true)}>
                  {t('discuss.showVersions', 'Earlier versions')}
                </Button>
              ) : null}
              {post.isUnread ? (
                <Badge size="xs" color="blue.9" tt="none">
                  {t('discuss.new', 'New')}
                </Badge>
              ) : null}
            </Group>
            {mayModerate ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={t('discuss.moderate', 'Moderate this post')}
                  >
                    {t('discuss.moderateShort', 'Moderate')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {removed ? (
                    <Menu.Item onClick={() => removal.mutate({ postId: post.id, remove: false })}>
                      {t('discuss.restore', 'Restore this post')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => setMode('remove')}>
                      {t('discuss.remove', 'Remove this post')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
          {removed ? (
            <Text size="sm" fs="italic" c="gray.8">
              {t('discuss.removed', 'This post was removed by a moderator.')}
              {post.removed?.reason
                ? ` ${t('discuss.reason', 'Reason: {{reason}}', { reason: post.removed.reason })}`
                : ''}
            </Text>
          ) : null}
          {history ? <PostRevisions postId={post.id} onClose={() => setHistory(false)} /> : null}
          {mode === 'edit' ? (
            <ReplyBox
              label={t('discuss.editLabel', 'Change your post')}
              submitLabel={t('discuss.save', 'Save')}
              initial={post.body ?? ''}
              minWords={minWords}
              autoFocus
              onCancel={() => setMode('view')}
              onSubmit={async (body) => {
                await update.mutateAsync({
                  postId: post.id,
                  input: { version: post.version, body },
                });
                setMode('view');
              }}
            />
          ) : post.body !== null ? (
            <Box opacity={removed ? 0.7 : 1}>
              <PostBody text={post.body} />
            </Box>
          ) : null}
          {mode === 'remove' ? (
            <Group gap="xs" align="end">
              <TextInput
                size="xs"
                label={t('discuss.removeReason', 'Reason (shown to the author and moderators)')}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Button
                size="xs"
                color="red.9"
                loading={removal.isPending}
                onClick={() =>
                  removal.mutate(
                    { postId: post.id, remove: true, reason },
                    { onSuccess: () => setMode('view') },
                  )
                }
              >
                {t('discuss.removeConfirm', 'Remove')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('view')}>
                {t('discuss.cancel', 'Cancel')}
              </Button>
            </Group>
          ) : null}
          {removal.error ? (
            <Text size="xs" c="red.9">
              {displayError(removal.error)}
            </Text>
          ) : null}
          {mode === 'view' ? (
            <Group gap="xs">
              {mayReply && !removed ? (
                <Button size="compact-xs" variant="subtle" onClick={() => setMode('reply')}>
                  {t('discuss.reply', 'Reply')}
                </Button>
              ) : null}
              {post.editableUntil ? (
                <>
                  <Button size="compact-xs" variant="subtle" onClick={() => setMode('edit')}>
                    {t('discuss.edit', 'Edit')}
                  </Button>
                  <Text size="xs" c="gray.8">
                    {t('discuss.timeLeft', 'You can change this for {{n}} more minutes.', {
                      n: minutesLeft(post.editableUntil),
                    })}
                  </Text>
                </>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Paper>
      {mode === 'reply' ? (
        <Box mt={4} ms="md">
          <ReplyBox
            label={t('discuss.replyLabel', 'Your reply to {{name}}', { name: post.author.name })}
            submitLabel={t('discuss.sendReply', 'Post reply')}
            minWords={minWords}
            autoFocus
            onCancel={() => setMode('view')}
            onSubmit={async (body, clientId) => {
              await onReply(post.id, body, clientId);
              setMode('view');
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
