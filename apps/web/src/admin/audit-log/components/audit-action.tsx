import type { AuditLogItem } from '@lantern/contracts/audit-log';
import { auditActionLabel, entityTypeLabel } from '@lantern/contracts/labels';

/** An audit action in words; its code is in the entry's details, for the Action filter. */
export function AuditAction({ action }: { action: string }) {
  return <>{auditActionLabel(action)}</>;
}

/** The record an entry is about: "Automatic mail 12". */
export const recordLabel = (item: Pick<AuditLogItem, 'entityType' | 'entityId'>): string =>
  item.entityId
    ? `${entityTypeLabel(item.entityType)} ${item.entityId}`
    : entityTypeLabel(item.entityType);
