import '../styles';
import {
  Checkbox,
  Group,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionView, QuizResponse } from '@lantern/contracts/quiz';
import { countWords } from '@lantern/contracts/words';

type Props = {
  view: QuestionView;
  response: QuizResponse | null;
  onChange: (response: QuizResponse | null) => void;
  /** The question's label for inputs that need one of their own (its number). */
  label: string;
  readOnly?: boolean;
  error?: string | null;
};

/** Whether a response says anything (the finish summary lists the questions where it does not). */
export function isAnswered(view: QuestionView, response: QuizResponse | null): boolean {
  if (response === null) return false;
  switch (view.kind) {
    case 'single':
      return 'choiceId' in response && response.choiceId !== null;
    case 'multiple':
      return 'choiceIds' in response && response.choiceIds.length > 0;
    case 'true_false':
      return 'value' in response && response.value !== null;
    case 'short_answer':
    case 'numeric':
      return 'text' in response && response.text.trim() !== '';
    case 'matching':
      return 'matches' in response && Object.values(response.matches).some((v) => v !== null);
    case 'essay':
      return (
        ('text' in response && response.text.trim() !== '') ||
        ('fileId' in response && response.fileId != null)
      );
  }
}

/** The answer field of one question, by its kind, as the learner fills it in. */
export function QuestionInput({ view, response, onChange, label, readOnly, error }: Props) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'single': {
      const value = response && 'choiceId' in response ? response.choiceId : null;
      return (
        <Radio.Group
          label={label}
          value={value ?? ''}
          onChange={(v) => onChange({ choiceId: v })}
          readOnly={readOnly}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {view.choices.map((c) => (
              <Radio key={c.id} value={c.id} label={c.text} disabled={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    case 'multiple': {
      const value = response && 'choiceIds' in response ? response.choiceIds : [];
      return (
        <Checkbox.Group
          label={label}
          description={t('quiz.take.chooseAll', 'Choose every right answer.')}
          value={value}
          onChange={(v) => onChange({ choiceIds: v })}
          readOnly={readOnly}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {view.choices.map((c) => (
              <Checkbox key={c.id} value={c.id} label={c.text} disabled={readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'true_false': {
      const value = response && 'value' in response ? response.value : null;
      return (
        <Radio.Group
          label={label}
          value={value === null ? '' : String(value)}
          onChange={(v) => onChange({ value: v === 'true' })}
          readOnly={readOnly}
          error={error}
        >
          <Group gap="lg" mt={6}>
            <Radio value="true" label={t('quiz.take.true', 'True')} disabled={readOnly} />
            <Radio value="false" label={t('quiz.take.false', 'False')} disabled={readOnly} />
          </Group>
        </Radio.Group>
      );
    }
    case 'short_answer':
    case 'numeric': {
      const value = response && 'text' in response ? response.text : '';
      return (
        <TextInput
          label={label}
          description={
            view.kind === 'numeric'
              ? t('quiz.take.numberHelp', 'A number; a comma or a point for decimals.')
              : undefined
          }
          inputMode={view.kind === 'numeric' ? 'decimal' : undefined}
          maxLength={view.kind === 'numeric' ? 100 : 200}
          value={value}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          readOnly={readOnly}
          error={error}
          maw={view.kind === 'numeric' ? 240 : 480}
        />
      );
    }
    case 'matching': {
      const matches = response && 'matches' in response ? response.matches : {};
      const options = view.answers.map((a) => ({ value: a.id, label: a.text }));
      return (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {view.prompts.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td w="50%">
                    <Text size="sm">{p.prompt}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('quiz.take.matchFor', 'Answer for “{{prompt}}”', {
                        prompt: p.prompt,
                      })}
                      placeholder={t('quiz.take.choose', 'Choose…')}
                      data={options}
                      value={matches[p.id] ?? null}
                      readOnly={readOnly}
                      clearable
                      onChange={(v) => onChange({ matches: { ...matches, [p.id]: v } })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {error ? (
            <Text size="sm" c="red.9">
              {error}
            </Text>
          ) : null}
        </Stack>
      );
    }
    case 'essay': {
      const text = response && 'text' in response ? response.text : '';
      const words = countWords(text);
      const bounds =
        view.minWords !== null || view.maxWords !== null
          ? t('quiz.take.wordBounds', '{{min}} to {{max}} words', {
              min: view.minWords ?? 1,
              max: view.maxWords ?? '…',
            })
          : null;
      return (
        <Stack gap={4}>
          <Textarea
            label={label}
            description={bounds}
            autosize
            minRows={6}
            maxRows={24}
            maxLength={50_000}
            value={text}
            readOnly={readOnly}
            error={error}
            onChange={(e) => onChange({ text: e.currentTarget.value, fileId: null })}
          />
          <Text size="xs" c="dimmed">
            {t('quiz.take.words', '{{count}} words', { count: words })}
          </Text>
        </Stack>
      );
    }
  }
}
