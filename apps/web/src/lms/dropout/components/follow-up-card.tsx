import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  DROPOUT_CRITERION_LABELS,
  FOLLOW_UP_KIND_LABELS,
  type FollowUp,
} from '@lantern/contracts/dropout';
import { formatDate } from '../../../lib/format';
import { dropoutListPath } from '../paths';
import { FlagEvidence, FlagStatusBadge } from './flag-evidence';
import { FollowUpForm } from './follow-up-form';

type Task = { id: number; title: string; course: string };

/**
 * One follow-up for its assignee: whom and why (the flag's evidence in words), then the form to
 * record what was done, or what was recorded. `canOpenList`: the holder may open the programme's
 * flagged students (DROPOUT_FLAGGING__DISPLAY).
 */
export function FollowUpCard({
  followUp,
  tasks,
  canOpenList,
}: {
  followUp: FollowUp;
  tasks: Task[];
  canOpenList: boolean;
}) {
  const o = followUp;
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Follow-up: ${o.student}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} fz="h4">
              {o.student}
            </Title>
            <Text size="sm">
              {o.programme}
              {o.className ? ` · ${o.className}` : ''}
            </Text>
          </div>
          <FlagStatusBadge status={o.flagStatus} />
        </Group>
        <Text size="sm" fw={600}>
          {DROPOUT_CRITERION_LABELS[o.criterion]} · flagged on {formatDate(o.firstFlaggedAt)}
          {o.clearedAt ? ` · no longer flagged since ${formatDate(o.clearedAt)}` : ''}
        </Text>
        <FlagEvidence
          criterion={o.criterion}
          flag={{ evidence: o.evidence, status: o.flagStatus }}
          tasks={tasks}
        />
        {o.status === 'open' ? (
          <FollowUpForm followUp={o} />
        ) : (
          <Text size="sm">
            <Text span fw={600} size="sm">
              {o.kind ? FOLLOW_UP_KIND_LABELS[o.kind] : 'Done'}
            </Text>{' '}
            by {o.doneBy ?? 'someone'}
            {o.doneAt ? ` on ${formatDate(o.doneAt)}` : ''}: {o.outcome}
          </Text>
        )}
        {canOpenList && o.programmeType === 'professional' ? (
          <Anchor component={Link} to={dropoutListPath(o.programmeId)} size="sm">
            The programme’s flagged students
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
