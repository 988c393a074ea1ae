import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE } from '../../../lib/media';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MyAttempt, QuizResponse } from '@lantern/contracts/quiz';
import { RichText } from '../../../components/rich-text';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { useFinishAttempt } from '../api/finish-attempt';
import { saveResponses, saveResponsesOnLeave } from '../api/save-responses';
import { quizPaths } from '../paths';
import { FinishSummary } from './finish-summary';
import { isAnswered, QuestionInput } from './question-input';
import { QuestionNavigator, type NavigatorEntry } from './question-navigator';
import { QuizTimer } from './quiz-timer';
import { SaveStatus } from './save-status';
import { useQuizAutosave, type SlotAnswer } from './use-quiz-autosave';
import { useQuizClock } from './use-quiz-clock';

type Question = MyAttempt['questions'][number];

/** What the card says after a hand-in by the learner or by the clock. */
export type QuizNotice = { notice: string };

function QuestionBlock({
  question,
  answer,
  onChange,
  onFlag,
  readOnly,
}: {
  question: Question;
  answer: SlotAnswer<QuizResponse>;
  onChange: (response: QuizResponse | null) => void;
  onFlag: (flagged: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `question-${question.number}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        {/* On a narrow screen the points and the flag go below the heading rather than squeeze
            it into two lines and clip the flag's label. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId} tabIndex={-1}>
            {t('quiz.take.questionN', 'Question {{n}}', { n: question.number })}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('quiz.take.points', 'Points: {{n}}', { n: question.points })}
            </Text>
            <Button
              size="compact-sm"
              variant={answer.flagged ? 'filled' : 'default'}
              color={answer.flagged ? 'red.9' : undefined}
              aria-pressed={answer.flagged}
              disabled={readOnly}
              onClick={() => onFlag(!answer.flagged)}
            >
              {answer.flagged
                ? t('quiz.take.unflag', 'Flagged')
                : t('quiz.take.flag', 'Flag for review')}
            </Button>
          </Group>
        </Group>
        <RichText html={question.prompt} />
        <QuestionInput
          view={question.view}
          response={answer.response}
          onChange={onChange}
          label={t('quiz.take.yourAnswer', 'Your answer to question {{n}}', {
            n: question.number,
          })}
          readOnly={readOnly}
        />
      </Stack>
    </Card>
  );
}

/**
 * A quiz attempt being answered (decision 0020 §3.4, §3.9): a page of questions, the timer by
 * the server's clock, autosave with its status, the navigator, and the hand-in with a summary
 * of what is unanswered. On a phone one question per screen and the navigator in a drawer.
 */
export function AttemptView({ attempt, userId }: { attempt: MyAttempt; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(PHONE);
  const questions = useMemo(
    () => [...attempt.questions].sort((a, b) => a.number - b.number),
    [attempt.questions],
  );
  const [timeUp, setTimeUp] = useState<string | null>(null);
  const autosave = useQuizAutosave<QuizResponse>({
    userId,
    attemptId: attempt.id,
    answers: Object.fromEntries(
      questions.map((q) => [q.slot, { response: q.response, flagged: q.flagged }]),
    ),
    lastSeq: attempt.lastSeq,
    savedAt: questions.reduce<string | null>(
      (latest, q) =>
        q.savedAt !== null && (latest === null || q.savedAt > latest) ? q.savedAt : latest,
      null,
    ),
    page: attempt.currentPage,
    send: (input) => saveResponses(attempt.id, input),
    sendOnLeave: (input) => saveResponsesOnLeave(attempt.id, input),
    onTimeUp: setTimeUp,
  });
  const finish = useFinishAttempt(attempt.id);
  const [confirming, setConfirming] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [currentNumber, setCurrentNumber] = useState(
    () => questions.find((q) => q.page === autosave.page)?.number ?? 1,
  );

  const answerOf = (q: Question): SlotAnswer<QuizResponse> =>
    autosave.answers[q.slot] ?? { response: null, flagged: false };
  const isLocked = (q: Question) => attempt.navigation === 'sequential' && q.page < autosave.page;

  const handIn = (byClock: boolean) => {
    setFinishError(null);
    const input = autosave.finishInput();
    finish.mutate(input, {
      onSuccess: () => {
        autosave.stop();
        const notice: QuizNotice = {
          notice: byClock
            ? t('quiz.take.timeUpHandedIn', 'Time is up: your answers were handed in.')
            : t('quiz.take.handedIn', 'Your attempt is handed in.'),
        };
        void navigate(quizPaths.card(attempt.itemId), { state: notice });
      },
      onError: (error) => {
        if (isApiError(error) && String(error.code) === 'QUIZ_TIME_UP') {
          autosave.stop();
          setTimeUp(displayError(error));
        } else setFinishError(displayError(error));
      },
    });
  };

  const clock = useQuizClock({
    deadlineAt: attempt.deadlineAt,
    serverNow: attempt.serverNow,
    onExpire: () => handIn(true),
  });

  const go = (number: number) => {
    const q = questions.find((x) => x.number === number);
    if (!q || isLocked(q)) return;
    setCurrentNumber(number);
    setDrawer(false);
    setConfirming(false);
    autosave.setPage(q.page);
    // The heading takes focus so a keyboard or screen reader user lands on the question.
    requestAnimationFrame(() => document.getElementById(`question-${number}`)?.focus());
  };

  const pages = [...new Set(questions.map((q) => q.page))].sort((a, b) => a - b);
  const pageIndex = pages.indexOf(autosave.page);
  const shown = isPhone
    ? questions.filter((q) => q.number === currentNumber)
    : questions.filter((q) => q.page === autosave.page);
  const first = shown[0];
  const last = shown.at(-1);
  const previous = isPhone
    ? questions.find((q) => q.number === currentNumber - 1)
    : questions.find((q) => q.page === pages[pageIndex - 1]);
  const next = isPhone
    ? questions.find((q) => q.number === currentNumber + 1)
    : questions.find((q) => q.page === pages[pageIndex + 1]);

  const entries: NavigatorEntry[] = questions.map((q) => ({
    number: q.number,
    answered: isAnswered(q.view, answerOf(q).response),
    flagged: answerOf(q).flagged,
    current: shown.some((s) => s.number === q.number),
    locked: isLocked(q),
  }));
  const unanswered = entries.filter((e) => !e.answered).map((e) => e.number);
  const flagged = entries.filter((e) => e.flagged).map((e) => e.number);
  const readOnly = timeUp !== null;

  const navigator = <QuestionNavigator entries={entries} onGo={go} />;
  const finishButton = (
    <Button
      onClick={() => {
        setDrawer(false);
        setConfirming(true);
      }}
      disabled={readOnly}
      loading={finish.isPending}
    >
      {t('quiz.take.finishAttempt', 'Finish attempt…')}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={1} size="h3">
            {attempt.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('quiz.take.attemptN', 'Attempt {{n}}', { n: attempt.attempt })}
            {first && last
              ? ` · ${
                  first.number === last.number
                    ? t('quiz.take.questionOf', 'Question {{n}} of {{total}}', {
                        n: first.number,
                        total: questions.length,
                      })
                    : t('quiz.take.questionsOf', 'Questions {{from}}–{{to}} of {{total}}', {
                        from: first.number,
                        to: last.number,
                        total: questions.length,
                      })
                }`
              : ''}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          {clock.msLeft !== null ? (
            <QuizTimer msLeft={clock.msLeft} warning={clock.warning} />
          ) : (
            <Badge variant="light" c="dark.8" color="gray" tt="none">
              {t('quiz.take.noTimeLimit', 'No time limit')}
            </Badge>
          )}
          <SaveStatus status={autosave.state.status} savedAt={autosave.state.savedAt} />
        </Group>
      </Group>
      {timeUp ? (
        <Alert color="orange.9" variant="light" role="alert">
          <Stack gap={4}>
            <Text size="sm">{timeUp}</Text>
            <Anchor component={Link} to={quizPaths.card(attempt.itemId)} size="sm">
              {t('quiz.take.toCard', 'Back to the quiz')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {autosave.state.status === 'error' && autosave.state.error ? (
        <Alert color="red.9" variant="light" role="alert">
          {autosave.state.error}{' '}
          {t('quiz.take.keptHere', 'Your answers are kept on this device and sent again.')}
        </Alert>
      ) : null}
      {isPhone ? (
        <Group justify="space-between">
          <Button variant="default" onClick={() => setDrawer(true)}>
            {t('quiz.take.allQuestions', 'All questions ({{answered}} of {{total}} answered)', {
              answered: questions.length - unanswered.length,
              total: questions.length,
            })}
          </Button>
        </Group>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            {shown.map((q) => (
              <QuestionBlock
                key={q.slot}
                question={q}
                answer={answerOf(q)}
                readOnly={readOnly}
                onChange={(r) => autosave.setResponse(q.slot, r)}
                onFlag={(f) => autosave.setFlagged(q.slot, f)}
              />
            ))}
            <Group justify="space-between" wrap="wrap">
              <Button
                variant="default"
                disabled={!previous || isLocked(previous)}
                onClick={() => previous && go(previous.number)}
              >
                {isPhone
                  ? t('quiz.take.previous', 'Previous')
                  : t('quiz.take.previousPage', 'Previous page')}
              </Button>
              {next ? (
                <Button variant="light" onClick={() => go(next.number)}>
                  {isPhone ? t('quiz.take.next', 'Next') : t('quiz.take.nextPage', 'Next page')}
                </Button>
              ) : (
                finishButton
              )}
            </Group>
            {finishError ? (
              <Alert color="red.9" variant="light" role="alert">
                {finishError}
              </Alert>
            ) : null}
          </Stack>
        </Grid.Col>
        {isPhone ? null : (
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Card withBorder padding="sm" style={{ position: 'sticky', top: 8 }}>
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {t('quiz.take.navigator', 'Questions')}
                </Title>
                {navigator}
                {finishButton}
              </Stack>
            </Card>
          </Grid.Col>
        )}
      </Grid>
      <Drawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        position="bottom"
        size="auto"
        title={t('quiz.take.navigator', 'Questions')}
        closeButtonProps={{ 'aria-label': t('quiz.take.closeNavigator', 'Close the questions') }}
      >
        <Stack gap="sm" pb="md">
          {navigator}
          {finishButton}
        </Stack>
      </Drawer>
      <FinishSummary
        opened={confirming}
        unanswered={unanswered}
        flagged={flagged}
        pending={finish.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          handIn(false);
        }}
        onGo={go}
      />
    </Stack>
  );
}
