import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import type { QuizSaveStatus } from './use-quiz-autosave';

/** "Saved at 14:02" / "Saving…" / "Not saved yet", read out politely when it changes. */
export function SaveStatus({
  status,
  savedAt,
}: {
  status: QuizSaveStatus;
  savedAt: string | null;
}) {
  const { t } = useTranslation();
  const time = savedAt
    ? new Intl.DateTimeFormat(intlLocale(), {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(savedAt))
    : null;
  const text =
    status === 'saving'
      ? t('quiz.take.saving', 'Saving…')
      : status === 'saved' && time
        ? t('quiz.take.savedAt', 'Saved at {{time}}', { time })
        : t('quiz.take.notSaved', 'Not saved yet');
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite">
      {text}
    </Text>
  );
}
