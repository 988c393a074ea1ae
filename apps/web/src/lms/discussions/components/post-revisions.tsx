import { Button, Divider, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { usePostRevisions } from '../api/get-revisions';
import { PostBody } from './post-body';

/** What a changed post said before, oldest first, each with when it was replaced. */
export function PostRevisions({ postId, onClose }: { postId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const revisions = usePostRevisions(postId, true);
  return (
    <Paper withBorder p="xs" bg="gray.0">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('discuss.earlierVersions', 'Earlier versions')}
        </Text>
        <ErrorAlert error={revisions.error} />
        {revisions.isPending ? <Loader size="xs" /> : null}
        {revisions.data?.revisions.map((r, i) => (
          <Stack key={r.version} gap={2}>
            {i > 0 ? <Divider /> : null}
            <Text size="xs" c="gray.8">
              {t('discuss.replacedAt', 'Changed {{at}}', { at: formatDateTime(r.replacedAt) })}
            </Text>
            <PostBody text={r.body} />
          </Stack>
        ))}
        <Button size="compact-xs" variant="subtle" onClick={onClose} style={{ alignSelf: 'start' }}>
          {t('discuss.hideVersions', 'Hide earlier versions')}
        </Button>
      </Stack>
    </Paper>
  );
}
