import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShownTaskState } from '../../task-state/public';
import '../styles';

const COLORS: Record<ShownTaskState, string> = {
  not_started: 'gray.7',
  in_progress: 'blue.8',
  draft: 'blue.8',
  submitted: 'teal.9',
  graded: 'green.9',
  returned: 'orange.9',
};

/** A task's state as a label, never the stored value. */
export function TaskStateBadge({ state }: { state: ShownTaskState }) {
  const { t } = useTranslation();
  const labels: Record<ShownTaskState, string> = {
    not_started: t('lms.state.not_started', 'Not started'),
    in_progress: t('lms.state.in_progress', 'In progress'),
    draft: t('lms.state.draft', 'Draft'),
    submitted: t('lms.state.submitted', 'Handed in'),
    graded: t('lms.state.graded', 'Graded'),
    returned: t('lms.state.returned', 'Returned for rework'),
  };
  return (
    // Dark text on the light tint: the light variant's own text falls below AA contrast. It
    // keeps its width beside a long title ("DRA…" on a phone otherwise).
    <Badge color={COLORS[state]} variant="light" c="dark.8" style={{ flexShrink: 0 }}>
      {labels[state]}
    </Badge>
  );
}
