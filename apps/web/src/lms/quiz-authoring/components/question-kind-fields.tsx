import type { ReactNode } from 'react';
import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionInput, QuestionKind } from '@lantern/contracts/quiz';
import { Rows } from './question-rows';
import { percent, toFraction, toNullable, toNumber, type Data } from './question-values';

/** The question form's fields of the question's kind: choices, answers, pairs, an essay's limits. */
export function QuestionKindFields({
  value,
  setData,
  err,
}: {
  value: QuestionInput;
  setData: <K extends QuestionKind>(kind: K, patch: Partial<Data<K>>) => void;
  err: (path: string) => string | undefined;
}): ReactNode {
  const { t } = useTranslation();
  switch (value.kind) {
    case 'single':
    case 'multiple': {
      const kind = value.kind;
      const choices = value.data.choices;
      const update = (i: number, patch: Partial<(typeof choices)[number]>) =>
        setData(kind, { choices: choices.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
      return (
        <Rows
          legend={t('quizAuthoring.choices', 'Choices')}
          rows={choices}
          min={2}
          max={26}
          error={err('data.choices')}
          addLabel={t('quizAuthoring.addChoice', 'Add a choice')}
          onAdd={() =>
            setData(kind, { choices: [...choices, { text: '', fraction: 0, feedback: '' }] })
          }
          onRemove={(i) => setData(kind, { choices: choices.filter((_, j) => j !== i) })}
          render={(c, i) => (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput
                label={t('quizAuthoring.choiceText', 'Choice {{n}}', { n: i + 1 })}
                value={c.text}
                required
                error={err(`data.choices.${i}.text`)}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
              />
              <NumberInput
                label={t('quizAuthoring.worth', 'Worth (%)')}
                description={
                  i === 0
                    ? kind === 'single'
                      ? t('quizAuthoring.worthSingle', '100 for the right one; below 0 takes off')
                      : t('quizAuthoring.worthMultiple', 'The right ones add up to 100')
                    : undefined
                }
                min={-100}
                max={100}
                value={percent(c.fraction)}
                error={err(`data.choices.${i}.fraction`)}
                onChange={(v) => update(i, { fraction: toFraction(v) })}
              />
              <TextInput
                label={t('quizAuthoring.feedback', 'Feedback')}
                value={c.feedback ?? ''}
                onChange={(e) => update(i, { feedback: e.currentTarget.value })}
              />
            </SimpleGrid>
          )}
        />
      );
    }
    case 'true_false':
      return (
        <Fieldset legend={t('quizAuthoring.rightAnswer', 'Right answer')}>
          <Stack gap="xs">
            <Radio.Group
              label={t('quizAuthoring.statementIs', 'The statement is')}
              value={String(value.data.correct)}
              onChange={(v) => setData('true_false', { correct: v === 'true' })}
            >
              <Group gap="lg" mt={6}>
                <Radio value="true" label={t('quiz.take.true', 'True')} />
                <Radio value="false" label={t('quiz.take.false', 'False')} />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label={t('quizAuthoring.feedbackTrue', 'Feedback on “True”')}
                value={value.data.feedbackTrue ?? ''}
                onChange={(e) => setData('true_false', { feedbackTrue: e.currentTarget.value })}
              />
              <TextInput
                label={t('quizAuthoring.feedbackFalse', 'Feedback on “False”')}
                value={value.data.feedbackFalse ?? ''}
                onChange={(e) => setData('true_false', { feedbackFalse: e.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
      );
    case 'short_answer': {
      const answers = value.data.answers;
      const update = (i: number, patch: Partial<(typeof answers)[number]>) =>
        setData('short_answer', {
          answers: answers.map((a, j) => (j === i ? { ...a, ...patch } : a)),
        });
      return (
        <Rows
          legend={t('quizAuthoring.answers', 'Accepted answers (the first that matches counts)')}
          rows={answers}
          min={1}
          max={20}
          error={err('data.answers')}
          addLabel={t('quizAuthoring.addAnswer', 'Add an answer')}
          onAdd={() =>
            setData('short_answer', {
              answers: [
                ...answers,
                { text: '', mode: 'exact', caseSensitive: false, fraction: 1, feedback: '' },
              ],
            })
          }
          onRemove={(i) => setData('short_answer', { answers: answers.filter((_, j) => j !== i) })}
          render={(a, i) => (
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
              <TextInput
                label={t('quizAuthoring.answerText', 'Answer {{n}}', { n: i + 1 })}
                value={a.text}
                required
                error={err(`data.answers.${i}.text`)}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
              />
              <Select
                label={t('quizAuthoring.mode', 'Compared')}
                allowDeselect={false}
                value={a.mode}
                data={[
                  { value: 'exact', label: t('quizAuthoring.exact', 'Exactly') },
                  {
                    value: 'pattern',
                    label: t('quizAuthoring.pattern', 'With * for any characters'),
                  },
                ]}
                onChange={(v) => update(i, { mode: v === 'pattern' ? 'pattern' : 'exact' })}
              />
              <NumberInput
                label={t('quizAuthoring.worth', 'Worth (%)')}
                min={0}
                max={100}
                value={percent(a.fraction)}
                error={err(`data.answers.${i}.fraction`)}
                onChange={(v) => update(i, { fraction: toFraction(v) })}
              />
              <Checkbox
                mt={30}
                label={t('quizAuthoring.caseSensitive', 'Capitals matter')}
                checked={a.caseSensitive ?? false}
                onChange={(e) => update(i, { caseSensitive: e.currentTarget.checked })}
              />
            </SimpleGrid>
          )}
        />
      );
    }
    case 'numeric': {
      const answers = value.data.answers;
      const update = (i: number, patch: Partial<(typeof answers)[number]>) =>
        setData('numeric', {
          answers: answers.map((a, j) => (j === i ? { ...a, ...patch } : a)),
        });
      return (
        <Rows
          legend={t('quizAuthoring.numbers', 'Accepted numbers (the first that matches counts)')}
          rows={answers}
          min={1}
          max={20}
          error={err('data.answers')}
          addLabel={t('quizAuthoring.addAnswer', 'Add an answer')}
          onAdd={() =>
            setData('numeric', {
              answers: [...answers, { value: 0, tolerance: 0, fraction: 1, feedback: '' }],
            })
          }
          onRemove={(i) => setData('numeric', { answers: answers.filter((_, j) => j !== i) })}
          render={(a, i) => (
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
              <NumberInput
                label={t('quizAuthoring.value', 'Number {{n}}', { n: i + 1 })}
                value={a.value}
                decimalScale={6}
                error={err(`data.answers.${i}.value`)}
                onChange={(v) => update(i, { value: toNumber(v) })}
              />
              <NumberInput
                label={t('quizAuthoring.tolerance', 'Give or take')}
                min={0}
                decimalScale={6}
                value={a.tolerance}
                error={err(`data.answers.${i}.tolerance`)}
                onChange={(v) => update(i, { tolerance: toNumber(v) })}
              />
              <NumberInput
                label={t('quizAuthoring.worth', 'Worth (%)')}
                min={0}
                max={100}
                value={percent(a.fraction)}
                error={err(`data.answers.${i}.fraction`)}
                onChange={(v) => update(i, { fraction: toFraction(v) })}
              />
              <TextInput
                label={t('quizAuthoring.feedback', 'Feedback')}
                value={a.feedback ?? ''}
                onChange={(e) => update(i, { feedback: e.currentTarget.value })}
              />
            </SimpleGrid>
          )}
        />
      );
    }
    case 'matching': {
      const pairs = value.data.pairs;
      const extras = value.data.extraAnswers ?? [];
      const update = (i: number, patch: Partial<(typeof pairs)[number]>) =>
        setData('matching', { pairs: pairs.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
      return (
        <Stack gap="sm">
          <Rows
            legend={t('quizAuthoring.pairs', 'Pairs')}
            rows={pairs}
            min={2}
            max={20}
            error={err('data.pairs')}
            addLabel={t('quizAuthoring.addPair', 'Add a pair')}
            onAdd={() => setData('matching', { pairs: [...pairs, { prompt: '', answer: '' }] })}
            onRemove={(i) => setData('matching', { pairs: pairs.filter((_, j) => j !== i) })}
            render={(p, i) => (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <TextInput
                  label={t('quizAuthoring.pairPrompt', 'Item {{n}}', { n: i + 1 })}
                  value={p.prompt}
                  required
                  error={err(`data.pairs.${i}.prompt`)}
                  onChange={(e) => update(i, { prompt: e.currentTarget.value })}
                />
                <TextInput
                  label={t('quizAuthoring.pairAnswer', 'Its match')}
                  value={p.answer}
                  required
                  error={err(`data.pairs.${i}.answer`)}
                  onChange={(e) => update(i, { answer: e.currentTarget.value })}
                />
              </SimpleGrid>
            )}
          />
          <Rows
            legend={t('quizAuthoring.extraAnswers', 'Wrong matches offered too')}
            rows={extras}
            min={0}
            max={10}
            error={err('data.extraAnswers')}
            addLabel={t('quizAuthoring.addExtra', 'Add a wrong match')}
            onAdd={() => setData('matching', { extraAnswers: [...extras, { text: '' }] })}
            onRemove={(i) =>
              setData('matching', { extraAnswers: extras.filter((_, j) => j !== i) })
            }
            render={(x, i) => (
              <TextInput
                label={t('quizAuthoring.extra', 'Wrong match {{n}}', { n: i + 1 })}
                value={x.text}
                required
                error={err(`data.extraAnswers.${i}.text`)}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setData('matching', {
                    extraAnswers: extras.map((y, j) => (j === i ? { ...y, text } : y)),
                  });
                }}
              />
            )}
          />
        </Stack>
      );
    }
    case 'essay': {
      const d = value.data;
      return (
        // Written essays only: a spoken one needs an upload rule for quiz items, which the
        // uploads do not have yet (the answer page could not take the recording).
        <Fieldset legend={t('quizAuthoring.essay', 'The answer (written)')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <NumberInput
              label={t('quizAuthoring.minWords', 'Fewest words')}
              min={1}
              value={d.minWords ?? ''}
              error={err('data.minWords')}
              onChange={(v) => setData('essay', { minWords: toNullable(v) })}
            />
            <NumberInput
              label={t('quizAuthoring.maxWords', 'Most words')}
              min={1}
              value={d.maxWords ?? ''}
              error={err('data.maxWords')}
              onChange={(v) => setData('essay', { maxWords: toNullable(v) })}
            />
          </SimpleGrid>
          <Textarea
            mt="xs"
            label={t('quizAuthoring.graderInfo', 'For the grader (learners never see it)')}
            autosize
            minRows={2}
            value={d.graderInfo ?? ''}
            onChange={(e) => setData('essay', { graderInfo: e.currentTarget.value })}
          />
        </Fieldset>
      );
    }
  }
}
