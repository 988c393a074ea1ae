import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GradeRequestDetail } from '@lantern/contracts/grade-requests';
import type { GradeHistoryEntry } from '@lantern/contracts/ledger';
import { formatDateTime } from '../../../lib/format';
import { eventActionLabel, stateLabel, valueText } from '../labels';

type Step = { key: string; at: string; title: string; detail: string | null };

const eventValue = (t: TFunction, e: GradeHistoryEntry, side: 'old' | 'new'): string => {
  const v = e[side];
  if (v.points === null && v.outcome === null) return '—';
  const value = valueText(t, v, e.maxPoints);
  if (v.published === false) return t('requests.history.draft', '{{value}} (draft)', { value });
  return value;
};

/**
 * What happened to a request: asked, decided, then the ledger events the decision caused (an
 * approval writes them in its own transaction, so their times tie with the decision's; the
 * order is the causal one, not the clock's).
 */
export function requestSteps(t: TFunction, detail: GradeRequestDetail): Step[] {
  const r = detail.request;
  const steps: Step[] = [
    {
      key: 'asked',
      at: r.requestedAt,
      title: t('requests.history.asked', 'Asked by {{name}}', { name: r.requestedBy.name }),
      detail: r.reason,
    },
  ];
  if (r.state !== 'open' && r.decidedAt) {
    const who = r.decidedBy?.name ?? r.requestedBy.name;
    steps.push({
      key: 'decided',
      at: r.decidedAt,
      title: t('requests.history.decided', '{{state}} by {{name}}', {
        state: stateLabel(t, r.state),
        name: who,
      }),
      detail: r.decisionNote,
    });
  }
  const events = [...detail.events].sort((a, b) => a.id - b.id);
  for (const e of events) {
    steps.push({
      key: `event-${e.id}`,
      at: e.at,
      title: t('requests.history.event', '{{action}}: {{old}} → {{new}}', {
        action: eventActionLabel(t, e.action),
        old: eventValue(t, e, 'old'),
        new: eventValue(t, e, 'new'),
      }),
      detail: e.actor
        ? t('requests.history.by', 'by {{name}}', { name: e.actor.name })
        : t('requests.history.system', 'by the system'),
    });
  }
  return steps;
}

export function RequestHistory({ detail }: { detail: GradeRequestDetail }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ol"
      aria-label={t('requests.history.title', 'History')}
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {requestSteps(t, detail).map((s) => (
        <li
          key={s.key}
          style={{
            borderInlineStart: '3px solid var(--mantine-color-gray-4)',
            paddingInlineStart: 'var(--mantine-spacing-sm)',
          }}
        >
          <Text size="sm" fw={600}>
            {s.title}
          </Text>
          <Text size="xs" c="gray.8">
            <time dateTime={s.at}>{formatDateTime(s.at)}</time>
          </Text>
          {s.detail ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {s.detail}
            </Text>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}
