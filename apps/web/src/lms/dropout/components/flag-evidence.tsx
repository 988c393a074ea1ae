import { Badge, List, Stack, Text } from '@mantine/core';
import {
  DROPOUT_FLAG_STATUS_LABELS,
  type DropoutCriterion,
  type FlagStudent,
} from '@lantern/contracts/dropout';
import { dataAsOf, evidenceSentence, evidenceTasks } from '../evidence';

type Task = { id: number; title: string; course: string };

/** A flag's status badge: at risk, or unknown while work waits to sync. */
export function FlagStatusBadge({ status }: { status: FlagStudent['status'] }) {
  return (
    <Badge
      size="sm"
      tt="none"
      variant={status === 'at_risk' ? 'filled' : 'outline'}
      color={status === 'at_risk' ? 'red.9' : 'gray.8'}
    >
      {DROPOUT_FLAG_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Why a student is flagged, in words: the figures, the tasks counted and left out, how fresh. */
export function FlagEvidence({
  criterion,
  flag,
  tasks,
}: {
  criterion: DropoutCriterion;
  flag: Pick<FlagStudent, 'evidence' | 'status'>;
  tasks: Task[];
}) {
  const { counted, excluded } = evidenceTasks(flag.evidence, tasks);
  return (
    <Stack gap={4}>
      <Text size="sm">{evidenceSentence(criterion, flag.evidence, tasks)}</Text>
      {counted.length > 0 ? <Text size="sm">Counted: {counted.join(', ')}.</Text> : null}
      {excluded.length > 0 ? (
        <div>
          <Text size="sm">Left out:</Text>
          <List size="sm">
            {excluded.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {dataAsOf(flag.evidence)}
      </Text>
    </Stack>
  );
}
