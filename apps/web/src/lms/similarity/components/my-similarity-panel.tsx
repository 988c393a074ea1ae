import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMySimilarity } from '../api/get-my-similarity';
import { MarkedText } from './marked-text';
import { ScoreBadge } from './score-badge';
import '../styles';

const DAY = 86_400_000;

/**
 * The learner's own similarity panel on the answer page: the score of their latest hand-in and
 * their own text with the matched passages marked. Never another learner's text or name: each
 * passage says only when the other work was handed in.
 */
export function MySimilarityPanel({
  itemId,
  handedInAt,
}: {
  itemId: number;
  handedInAt: string | null;
}) {
  const { t } = useTranslation();
  const mine = useMySimilarity(itemId, handedInAt !== null);
  const data = mine.data;
  if (!data?.check) return null;
  const { check } = data;
  const when = (other: string | null) => {
    if (other === null || handedInAt === null)
      return t('similarity.mine.matches', "Matches another learner's work.");
    const days = Math.round((new Date(handedInAt).getTime() - new Date(other).getTime()) / DAY);
    if (days === 0)
      return t('similarity.mine.sameDay', "Matches another learner's work handed in the same day.");
    return days > 0
      ? t(
          'similarity.mine.earlier',
          "Matches another learner's work handed in {{count}} days earlier.",
          { count: days },
        )
      : t(
          'similarity.mine.later',
          "Matches another learner's work handed in {{count}} days later.",
          { count: -days },
        );
  };
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="my-similarity-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="my-similarity-title">
          {t('similarity.mine.title', 'Similarity of your work')}
        </Title>
        <ScoreBadge badge={check} />
        {check.status === 'done' ? (
          <Text size="sm">
            {check.score !== null && check.score > 0
              ? t(
                  'similarity.mine.explain',
                  '{{score}} % of your words were also found in other work on this task. The passages are marked below.',
                  { score: Math.round(check.score) },
                )
              : t(
                  'similarity.mine.none',
                  'None of your work was found in other work on this task.',
                )}
          </Text>
        ) : null}
        {check.status === 'skipped' && check.error ? <Text size="sm">{check.error}</Text> : null}
        {data.passages.length > 0 ? (
          <ol style={{ margin: 0, paddingInlineStart: '1.2em' }}>
            {data.passages.map((p, i) => (
              <li key={i}>
                <Text size="sm" component="span">
                  {t('similarity.passageN', 'Passage {{n}}', { n: i + 1 })}:{' '}
                  {when(p.otherSubmittedAt)}
                </Text>
              </li>
            ))}
          </ol>
        ) : null}
        {/* Only a part with something marked: the attempts below show the work itself. */}
        {data.parts
          .filter((part) => data.passages.some((p) => p.part === part.part))
          .map((part) => (
            <MarkedText
              key={part.part}
              text={part.text}
              marks={data.passages
                .map((p, i) => ({ ...p, n: i + 1 }))
                .filter((p) => p.part === part.part)}
              idPrefix="mine"
              current={null}
              label={t('similarity.mine.text', 'Your work with the matching passages marked')}
            />
          ))}
      </Stack>
    </Paper>
  );
}
