import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DateTimeField } from '../../../components/date-time-field';
import { Select } from '../../../components/select';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRADING_METHODS,
  quizSessionInputSchema,
  reviewWhenSchema,
  type QuizSession,
  type QuizSessionInput,
} from '@lantern/contracts/quiz';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { gradingMethodLabel, reviewWhenLabel } from '../labels';

const nullableNum = (v: number | string) => (v === '' ? null : Number(v));

export const sessionInputOf = (s: QuizSession): QuizSessionInput => ({
  classId: s.classId,
  opensAt: s.opensAt,
  closesAt: s.closesAt,
  timeLimitMinutes: s.timeLimitMinutes,
  attemptsAllowed: s.attemptsAllowed,
  gradingMethod: s.gradingMethod,
  review: s.review,
  allowedOffline: s.allowedOffline,
});

/** A session's times, limits, grading and review; refusals at their fields. */
export function SessionForm({
  initial,
  classes,
  saving,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: QuizSessionInput;
  /** For a new class session: the classes that have none yet (null: an edit, class fixed). */
  classes: { id: number; name: string }[] | null;
  saving: boolean;
  serverError: unknown;
  onSubmit: (value: QuizSessionInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<QuizSessionInput>) => setValue((v) => ({ ...v, ...patch }));
  const local: Record<string, string> = {};
  if (checked) {
    const parsed = quizSessionInputSchema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues) local[issue.path.join('.')] ??= issue.message;
    if (classes && value.classId === null)
      local.classId = t('quiz.sessions.chooseClass', 'This field must be filled');
  }
  const server = isApiError(serverError) ? serverError.fields : {};
  const err = (key: string) => local[key] ?? server[key];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        const ok =
          quizSessionInputSchema.safeParse(value).success && !(classes && value.classId === null);
        if (ok) onSubmit(value);
      }}
    >
      <Stack gap="sm">
        {classes ? (
          <Select
            label={t('quiz.sessions.class', 'Class')}
            required
            data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
            value={value.classId === null ? null : String(value.classId)}
            error={err('classId')}
            onChange={(v) => set({ classId: v ? Number(v) : null })}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimeField
            label={t('quizAuthoring.opensAt', 'Opens')}
            description={t('quizAuthoring.opensHelp', 'Empty: when the item is released')}
            value={toLocalDateTime(value.opensAt)}
            error={err('opensAt')}
            onChange={(v) => set({ opensAt: fromLocalDateTime(v) })}
          />
          <DateTimeField
            label={t('quizAuthoring.closesAt', 'Closes')}
            description={t('quizAuthoring.closesHelp', 'Empty: while the unit is open')}
            value={toLocalDateTime(value.closesAt)}
            error={err('closesAt')}
            defaultTime="23:59"
            onChange={(v) => set({ closesAt: fromLocalDateTime(v) })}
          />
          <NumberInput
            label={t('quizAuthoring.timeLimit', 'Time limit (minutes)')}
            description={t('quizAuthoring.timeLimitHelp', 'Empty: no limit')}
            min={1}
            max={600}
            value={value.timeLimitMinutes ?? ''}
            error={err('timeLimitMinutes')}
            onChange={(v) => set({ timeLimitMinutes: nullableNum(v) })}
          />
          <NumberInput
            label={t('quizAuthoring.attemptsAllowed', 'Attempts allowed')}
            description={t('quizAuthoring.attemptsHelp', 'Empty: no limit')}
            min={1}
            max={20}
            value={value.attemptsAllowed ?? ''}
            error={err('attemptsAllowed')}
            onChange={(v) => set({ attemptsAllowed: nullableNum(v) })}
          />
          <Select
            label={t('quizAuthoring.gradingMethod', 'Grade from the attempts')}
            allowDeselect={false}
            data={GRADING_METHODS.map((m) => ({ value: m, label: gradingMethodLabel(t, m) }))}
            value={value.gradingMethod}
            onChange={(v) => {
              const m = GRADING_METHODS.find((x) => x === v);
              if (m) set({ gradingMethod: m });
            }}
          />
          <Switch
            mt="lg"
            label={t(
              'quizAuthoring.allowedOffline',
              'May be taken offline (only without a time limit)',
            )}
            checked={value.allowedOffline}
            error={err('allowedOffline')}
            onChange={(e) => set({ allowedOffline: e.currentTarget.checked })}
          />
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
                label: reviewWhenLabel(t, w),
              }))}
              value={value.review[part]}
              onChange={(v) => {
                const w = reviewWhenSchema.options.find((x) => x === v);
                if (w) set({ review: { ...value.review, [part]: w } });
              }}
            />
          ))}
        </SimpleGrid>
        {serverError && Object.keys(server).length === 0 ? (
          <Text size="sm" c="red.9" role="alert">
            {displayError(serverError)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={saving}>
            {t('quiz.sessions.save', 'Save session')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('quizAuthoring.cancel', 'Cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
