import {
  Button,
  Group,
  NumberInput,
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
import { toNumber, type Data } from './question-values';
import { QuestionKindFields } from './question-kind-fields';

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
        <QuestionKindFields value={value} setData={setData} err={err} />
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
