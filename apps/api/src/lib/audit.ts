import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { auditLog } from '@lantern/db/schema/operations';
import type { AuthContext } from '../plugins/auth';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  changes?: Record<string, unknown> | null;
};

/** Writes one audit row, inside the caller's transaction when given one. */
export async function audit(
  db: Db,
  auth: AuthContext | null,
  entry: AuditEntry,
  ip?: string | null,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: auth?.user.jwlId ?? null,
    impersonatorId: auth?.impersonating ? auth.realUser.jwlId : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.changes ?? null,
    ip: auth?.ip ?? ip ?? null,
  });
}

/** Who writes an audit row, as SQL values for set-based inserts into audit_log. */
export function auditActor(auth: AuthContext) {
  return {
    actorId: sql`${auth.user.jwlId}::int`,
    impersonatorId: sql`${auth.impersonating ? auth.realUser.jwlId : null}::int`,
    ip: sql`${auth.ip}::text`,
  };
}
