import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Attempt } from '@lantern/contracts/learning-work';
import { formatDateTime } from '../../../lib/format';

/** Every handed-in attempt with its decision and comment; the one asked for is opened first. */
export function AttemptsList({
  attempts,
  highlight,
  markedAbove = null,
}: {
  attempts: Attempt[];
  /** `?submission=`: the attempt the learner came to read. */
  highlight: number | null;
  /** The attempt whose text the similarity panel shows, marked: its card does not repeat it. */
  markedAbove?: number | null;
}) {
  const { t } = useTranslation();
  const handedIn = attempts.filter((a) => a.status === 'submitted').reverse();
  if (handedIn.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('lms.attempts.title', 'Your attempts')}
      </Title>
      {handedIn.map((a) => (
        <Card
          key={a.id}
          withBorder
          padding="sm"
          id={`attempt-${a.id}`}
          style={a.id === highlight ? { borderColor: 'var(--mantine-color-blue-7)' } : undefined}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>
                {t('lms.attempts.attempt', 'Attempt {{n}}', { n: a.attempt })}
                {a.late ? (
                  <Badge ms="xs" color="red.9" variant="filled">
                    {t('lms.task.late', 'Late')}
                  </Badge>
                ) : null}
              </Text>
              <Text size="sm" c="dimmed">
                {t('lms.attempts.handedIn', 'Handed in {{at}}', {
                  at: formatDateTime(a.submittedAt),
                })}
              </Text>
            </Group>
            {a.text === null ? null : a.id === markedAbove ? (
              <Text size="sm" c="dimmed">
                {t(
                  'lms.attempts.textAbove',
                  'Your text is shown above, with the passages found in other work marked.',
                )}
              </Text>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {a.text}
              </Text>
            )}
            {a.files.map((f) => (
              <Anchor key={f.fileId} href={f.url} size="sm" target="_blank" rel="noopener">
                {f.name}
              </Anchor>
            ))}
            {a.decision ? (
              <Stack
                gap={2}
                ps="sm"
                style={{ borderInlineStart: '3px solid var(--mantine-color-gray-4)' }}
              >
                <Text size="sm" fw={600}>
                  {a.decision.underReview
                    ? t('lms.grade.underReview', 'Under review')
                    : a.decision.outcome === 'graded'
                      ? t('lms.attempts.graded', 'Graded: {{points}} of {{max}} points', {
                          points: a.decision.points ?? 0,
                          max: a.decision.maxPoints,
                        })
                      : t('lms.attempts.returned', 'Returned for rework')}
                </Text>
                {a.decision.underReview ? (
                  <Text size="sm">
                    {t(
                      'lms.grade.underReviewText',
                      'Your grade is being looked at again. You will be told when it is decided.',
                    )}
                  </Text>
                ) : null}
                {a.decision.comment && !a.decision.underReview ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.decision.comment}
                  </Text>
                ) : null}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('lms.attempts.waiting', 'Waiting to be graded')}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
