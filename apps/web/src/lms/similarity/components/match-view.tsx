import { useState } from 'react';
import { Button, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SimilarityMatchDetail, TextPart } from '@lantern/contracts/similarity';
import { MarkedText } from './marked-text';
import { marksFor, partLabel } from './passages';

function Side({
  parts,
  side,
  detail,
  current,
}: {
  parts: TextPart[];
  side: 'this' | 'other';
  detail: SimilarityMatchDetail;
  current: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      {parts.map((part) => (
        <Stack gap={2} key={part.part}>
          {parts.length > 1 ? (
            <Text size="xs" fw={600}>
              {partLabel(part, t('similarity.typed', 'Typed answer'))}
            </Text>
          ) : null}
          <MarkedText
            text={part.text}
            marks={marksFor(detail.passages, side, part.part)}
            idPrefix={side}
            current={current}
            label={
              side === 'this'
                ? t('similarity.thisWork', 'This work')
                : t('similarity.matchingWork', 'Matching work')
            }
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** The other side when that learner is out of reach: only the matched passages, numbered. */
function Excerpts({ detail, current }: { detail: SimilarityMatchDetail; current: number | null }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t('similarity.matchingWork', 'Matching work')}
    >
      <Text size="sm" c="gray.8" mb={4}>
        {t(
          'similarity.outOfReach',
          "Another learner's work (not in your classes): only the matching passages are shown.",
        )}
      </Text>
      <List size="sm" spacing={4} type="ordered">
        {detail.otherExcerpts.map((x, i) => (
          <List.Item key={i} id={`other-${String(i + 1)}`}>
            <mark className={current === i + 1 ? 'similarity-mark is-current' : 'similarity-mark'}>
              {x}
            </mark>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * A match side by side: this work on the left, the matching work on the right, each passage
 * marked with the same number on both sides; "Next passage" scrolls both. On a phone, two tabs
 * with the passage list between.
 */
export function MatchView({ parts, detail }: { parts: TextPart[]; detail: SimilarityMatchDetail }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [current, setCurrent] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('this');
  const total = detail.passages.length;
  const next = () => {
    const n = current === null || current >= total ? 1 : current + 1;
    setCurrent(n);
    // After the marks re-render with the new current one.
    requestAnimationFrame(() => {
      for (const side of ['this', 'other'])
        document
          .getElementById(`${side}-${String(n)}`)
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };
  const other =
    detail.otherParts === null ? (
      <Excerpts detail={detail} current={current} />
    ) : (
      <Side parts={detail.otherParts} side="other" detail={detail} current={current} />
    );
  const title = detail.other
    ? t('similarity.workOf', 'Work of {{name}}', { name: detail.other.name })
    : t('similarity.anotherLearner', "Another learner's work (not in your classes)");
  const controls = (
    <Group gap="xs">
      <Button size="xs" onClick={next} disabled={total === 0}>
        {t('similarity.nextPassage', 'Next passage')}
      </Button>
      <Text size="sm" aria-live="polite">
        {current === null
          ? t('similarity.passages', '{{count}} passages', { count: total })
          : t('similarity.passageOf', 'Passage {{n}} of {{count}}', { n: current, count: total })}
      </Text>
    </Group>
  );
  if (narrow)
    return (
      <Stack gap="xs">
        {controls}
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List grow>
            <Tabs.Tab value="this">{t('similarity.thisWork', 'This work')}</Tabs.Tab>
            <Tabs.Tab value="other">{t('similarity.matchingWork', 'Matching work')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="this" pt="xs" keepMounted>
            <Side parts={parts} side="this" detail={detail} current={current} />
          </Tabs.Panel>
          <Tabs.Panel value="other" pt="xs" keepMounted>
            <Text size="sm" fw={600} mb={4}>
              {title}
            </Text>
            {other}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  return (
    <Stack gap="xs">
      {controls}
      <Group align="flex-start" grow wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('similarity.thisWork', 'This work')}
          </Title>
          <Side parts={parts} side="this" detail={detail} current={current} />
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h5">
            {title}
          </Title>
          {other}
        </Stack>
      </Group>
    </Stack>
  );
}
