import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { segments, type Mark } from './highlight';
import './marked-text.css';

/**
 * A text with its passages marked, built as React nodes from character offsets (never HTML from
 * data). Each mark carries its number (shown, and read by screen readers) and an id that
 * "Next passage" scrolls to.
 */
export function MarkedText({
  text,
  marks,
  idPrefix,
  current,
  label,
}: {
  text: string;
  marks: readonly Mark[];
  idPrefix: string;
  current: number | null;
  label: string;
}) {
  const { t } = useTranslation();
  const seen = new Set<number>();
  return (
    <Paper withBorder p="sm" className="similarity-text" aria-label={label} component="section">
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {segments(text, marks).map((s) =>
          s.n === null ? (
            <span key={s.start}>{s.text}</span>
          ) : (
            <mark
              key={s.start}
              // The first piece of a passage is where "Next passage" goes.
              id={seen.has(s.n) ? undefined : `${idPrefix}-${String((seen.add(s.n), s.n))}`}
              className={s.n === current ? 'similarity-mark is-current' : 'similarity-mark'}
              aria-label={t('similarity.passageN', 'Passage {{n}}', { n: s.n })}
            >
              <sup>{s.n}</sup>
              {s.text}
            </mark>
          ),
        )}
      </Text>
    </Paper>
  );
}
