import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock } from './use-quiz-clock';

/**
 * Time left in the header. The visible count is not a live region (a screen reader would read
 * it every second); a polite live region says it once at 5 and at 1 minute.
 */
export function QuizTimer({ msLeft, warning }: { msLeft: number; warning: number | null }) {
  const { t } = useTranslation();
  const low = msLeft <= 5 * 60_000;
  return (
    <>
      <Text
        fw={700}
        size="md"
        c={low ? 'red.9' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {t('quiz.take.timeLeft', 'Time left {{time}}', { time: formatClock(msLeft) })}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {warning === null
          ? ''
          : warning === 1
            ? t('quiz.take.oneMinute', 'One minute left.')
            : t('quiz.take.minutesLeft', '{{count}} minutes left.', { count: warning })}
      </VisuallyHidden>
    </>
  );
}
