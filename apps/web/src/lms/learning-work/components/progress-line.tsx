import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Items done of all, as a bar and in words (the bar alone says nothing to a screen reader). */
export function ProgressLine({
  done,
  total,
  label,
}: {
  done: number;
  total: number;
  label: string;
}) {
  const { t } = useTranslation();
  const value = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  // An empty bar with "0 of 0 done" reads like work left undone: say there is none yet.
  if (total === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('lms.progress.nothingYet', 'Nothing published to do yet')}
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} flex={1} aria-label={label} size="sm" />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('lms.progress.itemsDone', '{{done}} of {{total}} done', { done, total })}
      </Text>
    </Group>
  );
}
