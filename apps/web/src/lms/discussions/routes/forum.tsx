import '../styles';
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Forum } from '@lantern/contracts/discussions';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/api-errors';
import { requireRight } from '../../../lib/require-right';
import { useTopics } from '../api/get-topics';
import { useCreateTopic } from '../api/write-posts';
import { ForumHeader } from '../components/forum-header';
import { ForumSettings } from '../components/forum-settings';
import { ReplyBox } from '../components/reply-box';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/** "New topic": a title and the opening post; staff choose the class where classes are separate. */
function NewTopic({ forum, onDone }: { forum: Forum; onDone: (topicId: number) => void }) {
  const { t } = useTranslation();
  const create = useCreateTopic(forum.id);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const staffChoosesClass = forum.separateClasses && forum.classes.length > 0;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <TextInput
          label={t('discuss.topicTitle', 'Title')}
          value={title}
          maxLength={200}
          error={titleError}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        {staffChoosesClass ? (
          <Select
            label={t('discuss.forClass', 'For')}
            value={classId}
            placeholder={t('discuss.allClasses', 'Every class')}
            clearable
            data={forum.classes.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={setClassId}
          />
        ) : null}
        <ReplyBox
          label={t('discuss.openingPost', 'Your post')}
          submitLabel={t('discuss.startTopic', 'Start the topic')}
          minWords={forum.mine ? (forum.item?.minWordsPerPost ?? null) : null}
          onSubmit={async (body, clientId) => {
            if (title.trim() === '') {
              setTitleError(t('discuss.required', 'This field must be filled'));
              throw new Error(t('discuss.titleFirst', 'Give the topic a title first.'));
            }
            try {
              const made = await create.mutateAsync({
                clientId,
                title,
                body,
                ...(classId ? { classId: Number(classId) } : {}),
              });
              onDone(made.topic.id);
            } catch (e) {
              if (isApiError(e) && e.fields.title) setTitleError(e.fields.title);
              throw e;
            }
          }}
        />
      </Stack>
    </Paper>
  );
}

/** discuss/:forumId: the topics, pinned first, with unread counts, a class filter for staff. */
export default function ForumPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forumId = Number(useParams().forumId);
  const [classId, setClassId] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const topics = useTopics(forumId, classId ? Number(classId) : null);
  const first = topics.data?.pages[0];
  if (topics.error) return <ErrorAlert error={topics.error} />;
  if (!first) return <Loader size="sm" />;
  const forum = first.forum;
  const all = (topics.data?.pages ?? []).flatMap((p) => p.topics);
  return (
    <Stack gap="sm" maw={1000}>
      <ForumHeader forum={forum} />
      <Group gap="sm" align="end" wrap="wrap">
        {forum.may.startTopic && !writing ? (
          <Button size="sm" onClick={() => setWriting(true)}>
            {t('discuss.newTopic', 'New topic')}
          </Button>
        ) : null}
        <ForumSettings key={forum.version} forum={forum} />
        {forum.separateClasses && forum.classes.length > 1 ? (
          <Select
            size="sm"
            w={220}
            label={t('discuss.classFilter', 'Class')}
            placeholder={t('discuss.allClasses', 'Every class')}
            clearable
            value={classId}
            data={forum.classes.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={setClassId}
          />
        ) : null}
      </Group>
      {writing ? (
        <NewTopic
          forum={forum}
          onDone={(topicId) => void navigate(`/en/discuss/${forumId}/topic/${topicId}`)}
        />
      ) : null}
      {all.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('discuss.noTopics', 'No topics yet.')}
        </Text>
      ) : (
        <Table striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('discuss.topic', 'Topic')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('discuss.startedBy', 'Started by')}</Table.Th>
              <Table.Th>{t('discuss.posts', 'Posts')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('discuss.lastPost', 'Last post')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {all.map((topic) => (
              <Table.Tr key={topic.id}>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Anchor
                      component={Link}
                      to={`/en/discuss/${forumId}/topic/${topic.id}`}
                      fw={600}
                    >
                      {topic.title}
                    </Anchor>
                    {topic.isPinned ? (
                      <Badge size="xs" color="gray.8" tt="none">
                        {t('discuss.pinned', 'Pinned')}
                      </Badge>
                    ) : null}
                    {topic.isLocked ? (
                      <Badge size="xs" color="gray.8" tt="none">
                        {t('discuss.closed', 'Closed')}
                      </Badge>
                    ) : null}
                    {topic.class ? (
                      <Badge size="xs" variant="outline" color="gray.8" tt="none">
                        {topic.class.name}
                      </Badge>
                    ) : null}
                    {topic.subscribed ? (
                      <Badge size="xs" variant="light" color="gray.8" tt="none">
                        {t('discuss.following', 'Following')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{topic.author.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{topic.postCount}</Text>
                    {topic.unread > 0 ? (
                      <Badge size="sm" color="blue.9" tt="none">
                        {t('discuss.unread', '{{n}} new', { n: topic.unread })}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDateTime(topic.lastPostAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {topics.hasNextPage ? (
        <Button
          variant="default"
          size="sm"
          loading={topics.isFetchingNextPage}
          onClick={() => void topics.fetchNextPage()}
        >
          {t('discuss.moreTopics', 'Show more topics')}
        </Button>
      ) : null}
    </Stack>
  );
}
