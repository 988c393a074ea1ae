import '../styles';
import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ReviewQuestion } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useReview } from '../api/get-review';
import { QuestionInput } from '../components/question-input';
import { RightAnswer } from '../components/right-answer';
import { pointsText, responseStateLabel } from '../labels';
import { quizPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__DISPLAY');

const STATE_COLOURS = {
  correct: 'green.9',
  partial: 'yellow.9',
  wrong: 'red.9',
  unanswered: 'gray.8',
  needs_grading: 'blue.9',
} as const;

function ReviewBlock({
  q,
  marksShown,
  answersShown,
}: {
  q: ReviewQuestion;
  marksShown: boolean;
  answersShown: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`question-${q.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={`question-${q.number}`}>
            {t('quiz.take.questionN', 'Question {{n}}', { n: q.number })}
          </Title>
          {marksShown ? (
            <Group gap="xs">
              {q.state ? (
                <Badge color={STATE_COLOURS[q.state]} variant="light" c="dark.8" tt="none">
                  {responseStateLabel(t, q.state)}
                </Badge>
              ) : null}
              <Text size="sm">{pointsText(t, q.awardedPoints, q.points)}</Text>
            </Group>
          ) : null}
        </Group>
        <RichText html={q.prompt} />
        <QuestionInput
          view={q.view}
          response={q.response}
          onChange={() => undefined}
          label={t('quiz.review.yourAnswer', 'Your answer')}
          readOnly
        />
        {answersShown ? (
          <>
            <RightAnswer kind={q.kind} data={q.data} />
            {q.feedback ? <Text size="sm">{q.feedback}</Text> : null}
            {q.generalFeedback ? <RichText html={q.generalFeedback} /> : null}
          </>
        ) : null}
        {q.comment ? (
          <Text size="sm">
            <strong>{t('quiz.review.comment', 'Comment')}:</strong> {q.comment}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** quiz/:itemId/attempt/:attemptId/review: marks and answers as the session's review allows. */
export default function QuizReviewRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const itemId = Number(params.itemId);
  const review = useReview(Number(params.attemptId));
  if (review.isPending) return <Loader role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (review.error) return <ErrorAlert error={review.error} />;
  const r = review.data;
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={quizPaths.card(itemId)} size="sm">
        {t('quiz.take.toCard', 'Back to the quiz')}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {r.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('quiz.take.attemptN', 'Attempt {{n}}', { n: r.attempt.attempt })} ·{' '}
          {t('quiz.card.handedInAt', 'Handed in {{at}}', {
            at: formatDateTime(r.attempt.finishedAt),
          })}
          {r.marksShown && r.attempt.marks
            ? ` · ${pointsText(t, r.attempt.marks.points, r.attempt.marks.maxPoints)}`
            : ''}
        </Text>
      </div>
      {!r.answersShown ? (
        <Alert color="blue.9" variant="light">
          {t('quiz.review.answersLater', 'The right answers are not shown for this quiz yet.')}
        </Alert>
      ) : null}
      {r.questions.map((q) => (
        <ReviewBlock key={q.slot} q={q} marksShown={r.marksShown} answersShown={r.answersShown} />
      ))}
    </Stack>
  );
}
