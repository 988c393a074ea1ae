import { Text } from '@mantine/core';
import type { AuditLogItem } from '@lantern/contracts/audit-log';
import { auditActionLabel, entityTypeLabel } from '@lantern/contracts/labels';

/** An audit action in words, its code after it in grey (the log's readers are admins, who
 * filter by the code). */
export function AuditAction({ action }: { action: string }) {
  return (
    <>
      {auditActionLabel(action)}{' '}
      <Text span size="xs" c="gray.7" ff="monospace">
        {action}
      </Text>
    </>
  );
}

/** The record an entry is about: "Automatic mail 12". */
export const recordLabel = (item: Pick<AuditLogItem, 'entityType' | 'entityId'>): string =>
  item.entityId
    ? `${entityTypeLabel(item.entityType)} ${item.entityId}`
    : entityTypeLabel(item.entityType);
