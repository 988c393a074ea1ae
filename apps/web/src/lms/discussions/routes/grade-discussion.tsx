import '../styles';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { GradingFrame, HandedIn, useSubmission } from '../../grading/public';
import { useStudentPosts } from '../api/get-student-posts';
import { PostBody } from '../components/post-body';

export const loader = requireRight('SUBMISSION__DISPLAY');

/**
 * grade_discussion/:submissionId: the learner's posts in the graded discussion together on the
 * left (each with its topic and what it answers), 0019's grading panel on the right; stacked on
 * a phone; previous and next in the queue.
 */
export default function GradeDiscussionPage() {
  const { t } = useTranslation();
  const submissionId = Number(useParams().submissionId);
  const view = useSubmission(submissionId);
  const posts = useStudentPosts(view.data?.task.id ?? null, view.data?.student.id ?? null);
  if (view.error) return <ErrorAlert error={view.error} />;
  if (!view.data) return <Loader size="sm" />;
  const data = view.data;
  const r = posts.data?.requirement;
  return (
    <GradingFrame view={data} pathOf={(id) => `/en/grade_discussion/${id}`}>
      <Group gap="xs">
        <HandedIn submission={data.submission} />
        {r ? (
          <Text size="sm" fw={600}>
            {t(
              'discuss.counts',
              '{{posts}} of {{minPosts}} posts, {{replies}} of {{minReplies}} replies',
              {
                posts: r.posts,
                minPosts: r.minPosts,
                replies: r.replies,
                minReplies: r.minReplies,
              },
            )}
          </Text>
        ) : null}
        {posts.data ? (
          <Anchor component={Link} to={`/en/discuss/${posts.data.forumId}`} size="sm">
            {t('discuss.openForum', 'Open the discussion')}
          </Anchor>
        ) : null}
      </Group>
      <ErrorAlert error={posts.error} />
      {posts.isPending ? <Loader size="sm" /> : null}
      {posts.data?.posts.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('discuss.noPosts', 'No posts.')}
        </Text>
      ) : null}
      {posts.data?.posts.map((p) => (
        <Paper key={p.id} withBorder p="xs" component="article">
          <Stack gap={4}>
            <Group gap={6} wrap="wrap">
              <Anchor
                component={Link}
                size="sm"
                fw={600}
                to={`/en/discuss/${posts.data.forumId}/topic/${p.topic.id}?post=${p.id}`}
              >
                {p.topic.title}
              </Anchor>
              <Text size="xs" c="gray.8">
                {formatDateTime(p.createdAt)}
                {p.editedAt
                  ? ` · ${t('discuss.edited', 'edited {{at}}', { at: formatDateTime(p.editedAt) })}`
                  : ''}
                {` · ${t('discuss.words', '{{count}} words', { count: p.wordCount })}`}
              </Text>
              {p.removed ? (
                <Badge size="xs" color="gray.8" tt="none">
                  {t('discuss.removedBadge', 'Removed')}
                </Badge>
              ) : null}
              {p.afterGrade ? (
                <Badge size="xs" color="blue.9" tt="none">
                  {t('discuss.afterGrade', 'After the grade')}
                </Badge>
              ) : null}
            </Group>
            {p.answers ? (
              <Text
                size="xs"
                c="gray.8"
                style={{
                  borderInlineStart: '3px solid var(--mantine-color-gray-4)',
                  paddingInlineStart: 8,
                }}
              >
                {t('discuss.answers', 'Answers {{name}}:', { name: p.answers.author })}{' '}
                {p.answers.excerpt}
              </Text>
            ) : null}
            <PostBody text={p.body} />
          </Stack>
        </Paper>
      ))}
    </GradingFrame>
  );
}
