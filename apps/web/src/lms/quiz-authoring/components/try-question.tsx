import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RESPONSE_STATE_LABELS,
  type Question,
  type QuestionView,
  type QuizResponse,
} from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { QuestionInput } from '../../quiz/public';
import { useTryQuestion } from '../api/try-question';

/** What a learner sees of a stored question (as the attempt's allow-list builds it). */
export function learnerView(q: Question): QuestionView {
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return {
        kind: q.kind,
        choices: q.data.choices.map((c) => ({ id: c.id ?? '', text: c.text })),
      };
    case 'true_false':
    case 'short_answer':
    case 'numeric':
      return { kind: q.kind };
    case 'matching':
      return {
        kind: 'matching',
        prompts: q.data.pairs.map((p) => ({ id: p.id ?? '', prompt: p.prompt })),
        answers: [
          ...q.data.pairs.map((p) => ({ id: p.answerId ?? '', text: p.answer })),
          ...q.data.extraAnswers.map((x) => ({ id: x.id ?? '', text: x.text })),
        ],
      };
    case 'essay':
      return {
        kind: 'essay',
        responseFormat: q.data.responseFormat,
        minWords: q.data.minWords ?? null,
        maxWords: q.data.maxWords ?? null,
        maxSeconds: q.data.maxSeconds ?? null,
      };
  }
}

/** "Try it": answer the saved question as a learner would and see how it scores. */
export function TryQuestion({ question }: { question: Question }) {
  const { t } = useTranslation();
  const [response, setResponse] = useState<QuizResponse | null>(null);
  const check = useTryQuestion();
  const result = check.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="try-it">
      <Stack gap="sm">
        <Title order={2} size="h4" id="try-it">
          {t('quizAuthoring.tryIt', 'Try it')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('quizAuthoring.tryHelp', 'Answer as a learner would; nothing is stored.')}
        </Text>
        <RichText html={question.prompt} />
        <QuestionInput
          view={learnerView(question)}
          response={response}
          onChange={(r) => {
            setResponse(r);
            check.reset();
          }}
          label={t('quizAuthoring.tryAnswer', 'Your answer')}
        />
        <Group>
          <Button
            variant="light"
            disabled={response === null}
            loading={check.isPending}
            onClick={() => response && check.mutate({ questionId: question.id, response })}
          >
            {t('quizAuthoring.check', 'Check the answer')}
          </Button>
        </Group>
        <ErrorAlert error={check.error} />
        {result ? (
          <Stack gap={4} role="status">
            <Group gap="xs">
              <Badge variant="light" c="dark.8" tt="none">
                {t(`quiz.responseState.${result.state}`, RESPONSE_STATE_LABELS[result.state])}
              </Badge>
              {result.fraction !== null ? (
                <Text size="sm">
                  {t('quizAuthoring.scored', '{{percent}} % of the points', {
                    percent: Math.round(result.fraction * 1000) / 10,
                  })}
                </Text>
              ) : null}
            </Group>
            {result.feedback ? <Text size="sm">{result.feedback}</Text> : null}
            {result.problem ? (
              <Text size="sm" c="red.9">
                {result.problem}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
