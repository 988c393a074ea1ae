import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Before handing in: which questions have no answer and which are flagged, then confirm. */
export function FinishSummary({
  opened,
  unanswered,
  flagged,
  pending,
  onCancel,
  onConfirm,
  onGo,
}: {
  opened: boolean;
  unanswered: number[];
  flagged: number[];
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onGo: (number: number) => void;
}) {
  const { t } = useTranslation();
  const links = (numbers: number[]) => (
    <Group gap={6} wrap="wrap" component="span">
      {numbers.map((n) => (
        <Button key={n} size="compact-xs" variant="default" onClick={() => onGo(n)}>
          {t('quiz.take.questionN', 'Question {{n}}', { n })}
        </Button>
      ))}
    </Group>
  );
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('quiz.take.finishTitle', 'Hand in this attempt?')}
      // The close button is an icon only: without a name axe refuses it (and readers say "button").
      closeButtonProps={{ 'aria-label': t('quiz.take.closeSummary', 'Close') }}
    >
      <Stack gap="sm">
        {unanswered.length === 0 ? (
          <Text size="sm">{t('quiz.take.allAnswered', 'Every question has an answer.')}</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('quiz.take.unansweredCount', 'Without an answer ({{n}}):', {
                n: unanswered.length,
              })}
            </Text>
            {links(unanswered)}
          </Stack>
        )}
        {flagged.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('quiz.take.flaggedCount', 'Flagged for review:')}
            </Text>
            {links(flagged)}
          </Stack>
        ) : null}
        <List size="sm">
          <List.Item>
            {t(
              'quiz.take.finishNote',
              'Once handed in, the answers of this attempt cannot be changed.',
            )}
          </List.Item>
        </List>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('quiz.take.backToQuiz', 'Back to the questions')}
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            {t('quiz.take.finish', 'Hand in')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
