import '../styles';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { MyQuiz } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useMyQuiz } from '../api/get-my-quiz';
import { useStartAttempt } from '../api/start-attempt';
import type { QuizNotice } from '../components/attempt-view';
import { QuizStaffLinks } from '../components/staff-links';
import { finishedByLabel, gradingMethodLabel, pointsText, reviewWhenLabel } from '../labels';
import { quizPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__DISPLAY');

function Facts({ quiz }: { quiz: MyQuiz }) {
  const { t } = useTranslation();
  const s = quiz.session;
  const rows: [string, string][] = [
    [
      t('quiz.card.opens', 'Opens'),
      s.opensAt ? formatDateTime(s.opensAt) : t('quiz.card.openNow', 'With the unit'),
    ],
    [
      t('quiz.card.closes', 'Closes'),
      s.closesAt ? formatDateTime(s.closesAt) : t('quiz.card.noClose', 'While the unit is open'),
    ],
    [
      t('quiz.card.timeLimit', 'Time limit'),
      s.timeLimitMinutes === null
        ? t('quiz.card.noTimeLimit', 'None')
        : t('quiz.card.minutes', '{{n}} min', { n: s.timeLimitMinutes }),
    ],
    [
      t('quiz.card.attempts', 'Attempts'),
      s.attemptsAllowed === null
        ? t('quiz.card.usedUnlimited', '{{used}} used, no limit', { used: quiz.attemptsUsed })
        : t('quiz.card.usedOf', '{{used}} of {{allowed}} used', {
            used: quiz.attemptsUsed,
            allowed: s.attemptsAllowed,
          }),
    ],
    [t('quiz.card.questions', 'Questions'), String(quiz.item.questionCount)],
    [t('quiz.card.grading', 'Grade'), gradingMethodLabel(t, s.gradingMethod)],
    [t('quiz.card.marksShown', 'Marks shown'), reviewWhenLabel(t, s.review.marks)],
    [t('quiz.card.answersShown', 'Answers shown'), reviewWhenLabel(t, s.review.answers)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4}>
      {rows.map(([label, value]) => (
        <Text size="sm" key={label}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </SimpleGrid>
  );
}

function AttemptsTable({ quiz }: { quiz: MyQuiz }) {
  const { t } = useTranslation();
  const finished = quiz.attempts.filter((a) => a.status === 'finished');
  if (finished.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('quiz.card.yourAttempts', 'Your attempts')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('quiz.card.attempt', 'Attempt')}</Table.Th>
              <Table.Th>{t('quiz.card.finished', 'Handed in')}</Table.Th>
              <Table.Th>{t('quiz.card.marks', 'Marks')}</Table.Th>
              <Table.Th>{t('quiz.card.review', 'Review')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {finished.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td>
                  {formatDateTime(a.finishedAt)}
                  {a.finishedBy && a.finishedBy !== 'learner' ? (
                    <Text size="xs" c="dimmed">
                      {finishedByLabel(t, a.finishedBy)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {a.marks
                    ? pointsText(t, a.marks.points, a.marks.maxPoints)
                    : t('quiz.card.marksLater', 'Not shown yet')}
                </Table.Td>
                <Table.Td>
                  {a.reviewAvailable ? (
                    <Anchor component={Link} to={quizPaths.review(quiz.item.id, a.id)} size="sm">
                      {t('quiz.card.reviewLink', 'Review attempt {{n}}', { n: a.attempt })}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('quiz.card.noReview', 'Not available')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** quiz/:itemId: the quiz's card — times, attempts, Start or Continue, results and reviews. */
export default function QuizCardRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const itemId = Number(useParams().itemId);
  const quiz = useMyQuiz(itemId);
  const start = useStartAttempt(itemId);
  // One id per visit: a second click (or a retry after a lost answer) gets the same attempt.
  const clientId = useRef<string>(crypto.randomUUID());
  const notice = (location.state as Partial<QuizNotice> | null)?.notice ?? null;
  const data = quiz.data;
  return (
    <Stack gap="md" maw={900}>
      {quiz.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={quiz.error} />
      <QuizStaffLinks itemId={itemId} />
      {data ? (
        <>
          <Anchor component={Link} to={quizPaths.unit(data.item.unitId, itemId)} size="sm">
            ← {t('quiz.card.toUnit', 'Back to the unit')}
          </Anchor>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} size="h2">
              {data.item.title}
            </Title>
            <Badge variant="outline" color="gray" tt="none">
              {t('quiz.card.kind', 'Quiz')}
            </Badge>
          </Group>
          {notice ? (
            <Alert color="green.9" variant="light" role="status">
              {notice}
            </Alert>
          ) : null}
          <RichText html={data.item.body} />
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Facts quiz={data} />
              {data.grade ? (
                <Text size="sm">
                  <strong>{t('quiz.card.grade', 'Your grade')}:</strong>{' '}
                  {pointsText(t, data.grade.points, data.grade.maxPoints)}
                </Text>
              ) : null}
              {data.inProgress ? (
                <Group>
                  <Button component={Link} to={quizPaths.attempt(itemId, data.inProgress.id)}>
                    {t('quiz.card.continue', 'Continue your attempt')}
                  </Button>
                  {data.inProgress.deadlineAt ? (
                    <Text size="sm">
                      {t('quiz.card.deadline', 'Time runs out at {{at}}.', {
                        at: formatDateTime(data.inProgress.deadlineAt),
                      })}
                    </Text>
                  ) : null}
                </Group>
              ) : data.refusal ? (
                <Alert color="yellow.9" variant="light" role="status">
                  {data.refusal.detail}
                </Alert>
              ) : (
                <Group>
                  <Button
                    loading={start.isPending}
                    onClick={() =>
                      start.mutate(clientId.current, {
                        onSuccess: (attempt) =>
                          void navigate(quizPaths.attempt(itemId, attempt.id)),
                      })
                    }
                  >
                    {data.attemptsUsed === 0
                      ? t('quiz.card.start', 'Start the quiz')
                      : t('quiz.card.startAgain', 'Start attempt {{n}}', {
                          n: data.attemptsUsed + 1,
                        })}
                  </Button>
                  {data.session.timeLimitMinutes !== null ? (
                    <Text size="sm" c="dimmed">
                      {t(
                        'quiz.card.timerNote',
                        'The time runs from the start, even if you leave the page.',
                      )}
                    </Text>
                  ) : null}
                </Group>
              )}
              <ErrorAlert error={start.error} />
            </Stack>
          </Card>
          <AttemptsTable quiz={data} />
        </>
      ) : null}
    </Stack>
  );
}
