import { Fieldset, NumberInput, Select, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  GRADING_METHODS,
  GRADING_METHOD_LABELS,
  REVIEW_WHEN_LABELS,
  reviewWhenSchema,
  type QuizSessionInput,
} from '@lantern/contracts/quiz';
import { DateTimeField } from '../../../components/date-time-field';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { nullableNum } from './quiz-numbers';

/** A new quiz's session for every class: when it opens and closes, time, attempts, review. */
export function QuizSessionFields({
  session,
  setSession,
  err,
}: {
  session: QuizSessionInput;
  setSession: (patch: Partial<QuizSessionInput>) => void;
  err: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('quizAuthoring.session', 'When and how it is taken (every class)')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateTimeField
          label={t('quizAuthoring.opensAt', 'Opens')}
          description={t('quizAuthoring.opensHelp', 'Empty: when the item is released')}
          value={toLocalDateTime(session.opensAt)}
          error={err('session.opensAt')}
          onChange={(v) => setSession({ opensAt: fromLocalDateTime(v) })}
        />
        <DateTimeField
          label={t('quizAuthoring.closesAt', 'Closes')}
          description={t('quizAuthoring.closesHelp', 'Empty: while the unit is open')}
          value={toLocalDateTime(session.closesAt)}
          error={err('session.closesAt')}
          defaultTime="23:59"
          onChange={(v) => setSession({ closesAt: fromLocalDateTime(v) })}
        />
        <NumberInput
          label={t('quizAuthoring.timeLimit', 'Time limit (minutes)')}
          description={t('quizAuthoring.timeLimitHelp', 'Empty: no limit')}
          min={1}
          max={600}
          value={session.timeLimitMinutes ?? ''}
          error={err('session.timeLimitMinutes')}
          onChange={(v) => setSession({ timeLimitMinutes: nullableNum(v) })}
        />
        <NumberInput
          label={t('quizAuthoring.attemptsAllowed', 'Attempts allowed')}
          description={t('quizAuthoring.attemptsHelp', 'Empty: no limit')}
          min={1}
          max={20}
          value={session.attemptsAllowed ?? ''}
          error={err('session.attemptsAllowed')}
          onChange={(v) => setSession({ attemptsAllowed: nullableNum(v) })}
        />
        <Select
          label={t('quizAuthoring.gradingMethod', 'Grade from the attempts')}
          allowDeselect={false}
          data={GRADING_METHODS.map((m) => ({
            value: m,
            label: t(`quiz.gradingMethod.${m}`, GRADING_METHOD_LABELS[m]),
          }))}
          value={session.gradingMethod}
          onChange={(v) => {
            const m = GRADING_METHODS.find((x) => x === v);
            if (m) setSession({ gradingMethod: m });
          }}
        />
        <div />
        {(['marks', 'answers'] as const).map((part) => (
          <Select
            key={part}
            label={
              part === 'marks'
                ? t('quizAuthoring.reviewMarks', 'Learners see their marks')
                : t('quizAuthoring.reviewAnswers', 'Learners see the right answers')
            }
            allowDeselect={false}
            data={reviewWhenSchema.options.map((w) => ({
              value: w,
              label: t(`quiz.reviewWhen.${w}`, REVIEW_WHEN_LABELS[w]),
            }))}
            value={session.review[part]}
            onChange={(v) => {
              const w = reviewWhenSchema.options.find((x) => x === v);
              if (w) setSession({ review: { ...session.review, [part]: w } });
            }}
          />
        ))}
        <Switch
          label={t(
            'quizAuthoring.allowedOffline',
            'May be taken offline (only without a time limit)',
          )}
          checked={session.allowedOffline}
          error={err('session.allowedOffline')}
          onChange={(e) => setSession({ allowedOffline: e.currentTarget.checked })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
