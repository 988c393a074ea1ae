import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUESTION_DATA_SCHEMAS, type QuestionKind } from '@lantern/contracts/quiz';

/** The right answer of a question, from its data, as a reviewer or grader reads it. */
export function RightAnswer({ kind, data }: { kind: QuestionKind; data: unknown }) {
  const { t } = useTranslation();
  const lines = rightAnswerLines(kind, data, {
    true: t('quiz.take.true', 'True'),
    false: t('quiz.take.false', 'False'),
  });
  if (lines.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {t('quiz.review.rightAnswer', 'Right answer')}
      </Text>
      <List size="sm">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}

export function rightAnswerLines(
  kind: QuestionKind,
  data: unknown,
  words: { true: string; false: string },
): string[] {
  switch (kind) {
    case 'single':
    case 'multiple': {
      const d = QUESTION_DATA_SCHEMAS[kind].safeParse(data);
      return d.success ? d.data.choices.filter((c) => c.fraction > 0).map((c) => c.text) : [];
    }
    case 'true_false': {
      const d = QUESTION_DATA_SCHEMAS.true_false.safeParse(data);
      return d.success ? [d.data.correct ? words.true : words.false] : [];
    }
    case 'short_answer': {
      const d = QUESTION_DATA_SCHEMAS.short_answer.safeParse(data);
      return d.success ? d.data.answers.filter((a) => a.fraction >= 0.995).map((a) => a.text) : [];
    }
    case 'numeric': {
      const d = QUESTION_DATA_SCHEMAS.numeric.safeParse(data);
      return d.success
        ? d.data.answers
            .filter((a) => a.fraction >= 0.995)
            .map((a) => (a.tolerance > 0 ? `${a.value} ± ${a.tolerance}` : String(a.value)))
        : [];
    }
    case 'matching': {
      const d = QUESTION_DATA_SCHEMAS.matching.safeParse(data);
      return d.success ? d.data.pairs.map((p) => `${p.prompt} → ${p.answer}`) : [];
    }
    case 'essay':
      return [];
  }
}
