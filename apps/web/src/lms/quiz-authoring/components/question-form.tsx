import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  questionInputSchema,
  type Question,
  type QuestionInput,
  type QuestionKind,
} from '@lantern/contracts/quiz';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { LazyEditor } from './lazy-editor';

type Data<K extends QuestionKind> = Extract<QuestionInput, { kind: K }>['data'];

/** A new question of a kind: the fewest fields that make it valid once the texts are written. */
export function newQuestion(kind: QuestionKind): QuestionInput {
  const common = { title: '', prompt: '', defaultPoints: 1, generalFeedback: '' };
  switch (kind) {
    case 'single':
    case 'multiple':
      return {
        kind,
        ...common,
        data: {
          choices: [
            { text: '', fraction: kind === 'single' ? 1 : 0.5, feedback: '' },
            { text: '', fraction: kind === 'single' ? 0 : 0.5, feedback: '' },
            { text: '', fraction: 0, feedback: '' },
          ],
        },
      };
    case 'true_false':
      return { kind, ...common, data: { correct: true, feedbackTrue: '', feedbackFalse: '' } };
    case 'short_answer':
      return {
        kind,
        ...common,
        data: {
          answers: [{ text: '', mode: 'exact', caseSensitive: false, fraction: 1, feedback: '' }],
        },
      };
    case 'numeric':
      return {
        kind,
        ...common,
        data: { answers: [{ value: 0, tolerance: 0, fraction: 1, feedback: '' }] },
      };
    case 'matching':
      return {
        kind,
        ...common,
        data: {
          pairs: [
            { prompt: '', answer: '' },
            { prompt: '', answer: '' },
          ],
          extraAnswers: [],
        },
      };
    case 'essay':
      return {
        kind,
        ...common,
        data: {
          responseFormat: 'text',
          minWords: null,
          maxWords: null,
          maxSeconds: null,
          graderInfo: '',
        },
      };
  }
}

/** A stored question as the form's value (ids kept, so edits keep choice and pair ids). */
export const questionToInput = (q: Question): QuestionInput =>
  ({
    kind: q.kind,
    title: q.title,
    prompt: q.prompt,
    defaultPoints: q.defaultPoints,
    generalFeedback: q.generalFeedback,
    data: q.data,
  }) as QuestionInput;

/** Per-field messages of the schema's refusal, keyed by path (`data.choices.0.text`). */
export function schemaErrors(value: QuestionInput): Record<string, string> {
  const parsed = questionInputSchema.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const percent = (fraction: number | undefined) => Math.round((fraction ?? 0) * 10000) / 100;
const toFraction = (v: number | string) => (typeof v === 'number' ? v / 100 : Number(v) / 100 || 0);
const toNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v));
const toNullable = (v: number | string) => (v === '' ? null : toNumber(v));

/** Rows of a list (choices, answers, pairs) with add and remove, and the list's own message. */
function Rows<T>({
  legend,
  rows,
  render,
  onAdd,
  onRemove,
  addLabel,
  min,
  max,
  error,
}: {
  legend: string;
  rows: T[];
  render: (row: T, index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  min: number;
  max: number;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {rows.map((row, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} w={24} pt={28} ta="end">
              {i + 1}
            </Text>
            <div style={{ flex: 1 }}>{render(row, i)}</div>
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red.9"
              disabled={rows.length <= min}
              aria-label={t('quizAuthoring.removeRow', 'Remove row {{n}}', { n: i + 1 })}
              onClick={() => onRemove(i)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button size="xs" variant="light" onClick={onAdd} disabled={rows.length >= max}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * A question's form for each kind (decision 0020 §3.2): texts, points, and the kind's data —
 * choices with their worth in percent, answers, pairs, an essay's limits. Refusals show at
 * their field, from the shared schema before sending and from the server after.
 */
export function QuestionForm({
  initial,
  saving,
  serverError,
  onSubmit,
  onCancel,
  children,
}: {
  initial: QuestionInput;
  saving: boolean;
  serverError: unknown;
  onSubmit: (value: QuestionInput) => void;
  onCancel: () => void;
  /** Under the buttons: Delete, for a stored question. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<QuestionInput>(initial);
  const [checked, setChecked] = useState(false);
  const local = checked ? schemaErrors(value) : {};
  const server = isApiError(serverError) ? serverError.fields : {};
  const err = (path: string): string | undefined => local[path] ?? server[path];
  const set = (patch: Partial<QuestionInput>) =>
    setValue((v) => ({ ...v, ...patch }) as QuestionInput);
  const setData = <K extends QuestionKind>(kind: K, patch: Partial<Data<K>>) =>
    setValue((v) =>
      v.kind === kind ? ({ ...v, data: { ...v.data, ...patch } } as QuestionInput) : v,
    );
  const fields = isApiError(serverError) ? Object.keys(serverError.fields).length : 0;

  const kindFields = (): ReactNode => {
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
            onRemove={(i) =>
              setData('short_answer', { answers: answers.filter((_, j) => j !== i) })
            }
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
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (Object.keys(schemaErrors(value)).length === 0) onSubmit(value);
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            label={t('quizAuthoring.title', 'Title (for lists)')}
            required
            maxLength={200}
            value={value.title}
            error={err('title')}
            onChange={(e) => set({ title: e.currentTarget.value })}
            style={{ gridColumn: 'span 2' }}
          />
          <NumberInput
            label={t('quizAuthoring.defaultPoints', 'Points')}
            min={0.01}
            max={10000}
            decimalScale={2}
            value={value.defaultPoints ?? 1}
            error={err('defaultPoints')}
            onChange={(v) => set({ defaultPoints: toNumber(v) })}
          />
        </SimpleGrid>
        <LazyEditor
          label={t('quizAuthoring.prompt', 'Question')}
          value={value.prompt ?? ''}
          error={err('prompt')}
          onChange={(html) => set({ prompt: html })}
        />
        {kindFields()}
        <Textarea
          label={t('quizAuthoring.generalFeedback', 'Feedback for everyone, shown in the review')}
          autosize
          minRows={2}
          value={value.generalFeedback ?? ''}
          error={err('generalFeedback')}
          onChange={(e) => set({ generalFeedback: e.currentTarget.value })}
        />
        {serverError && fields === 0 ? (
          <Text size="sm" c="red.9" role="alert">
            {displayError(serverError)}
          </Text>
        ) : null}
        {checked && Object.keys(local).length > 0 ? (
          <Text size="sm" c="red.9" role="alert">
            {t('quizAuthoring.fixFields', 'Some fields need a change: see the messages above.')}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Group gap="xs">
            <Button type="submit" loading={saving}>
              {t('quizAuthoring.save', 'Save question')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('quizAuthoring.back', 'Back to the bank')}
            </Button>
          </Group>
          {children}
        </Group>
      </Stack>
    </form>
  );
}
