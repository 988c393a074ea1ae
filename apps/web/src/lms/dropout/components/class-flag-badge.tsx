import { Badge } from '@mantine/core';
import { useClassFlagCount } from '../api/get-class-flags';

/** On the class view: how many of its students are flagged for dropout now (none: nothing). */
export function ClassFlagBadge({ classId }: { classId: number }) {
  const count = useClassFlagCount(classId);
  const flagged = count.data?.flagged ?? 0;
  if (flagged === 0) return null;
  return (
    <Badge color="red.9" variant="filled" tt="none" size="md">
      {flagged} {flagged === 1 ? 'student' : 'students'} flagged for dropout
    </Badge>
  );
}
