import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The word count against the task's bounds, announced politely to screen readers. */
export function WordCounter({
  count,
  min,
  max,
}: {
  count: number;
  min: number | null;
  max: number | null;
}) {
  const { t } = useTranslation();
  const tooFew = min !== null && count < min;
  const tooMany = max !== null && count > max;
  const bounds =
    min !== null && max !== null
      ? t('lms.words.between', '{{min}} to {{max}} words', { min, max })
      : min !== null
        ? t('lms.words.atLeast', 'at least {{min}} words', { min })
        : max !== null
          ? t('lms.words.atMost', 'at most {{max}} words', { max })
          : null;
  return (
    <Text size="sm" c={tooFew || tooMany ? 'red.9' : 'dimmed'} aria-live="polite">
      {t('lms.words.count', '{{count}} words', { count })}
      {bounds ? ` (${bounds})` : ''}
    </Text>
  );
}
