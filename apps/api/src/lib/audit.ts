import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { auditLog } from '@lantern/db/schema/operations';
import type { AuthContext } from './auth-context';

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
  await auditMany(db, auth, [entry], ip);
}

/** Audit rows for many records at once (a bulk action): one statement per thousand rows. */
export async function auditMany(
  db: Db,
  auth: AuthContext | null,
  entries: AuditEntry[],
  ip?: string | null,
): Promise<void> {
  const who = {
    actorId: auth?.user.jwlId ?? null,
    impersonatorId: auth?.impersonating ? auth.realUser.jwlId : null,
    ip: auth?.ip ?? ip ?? null,
  };
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(auditLog).values(
      entries.slice(i, i + 1000).map((entry) => ({
        ...who,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId == null ? null : String(entry.entityId),
        changes: entry.changes ?? null,
      })),
    );
  }
}

/** Who writes an audit row, as SQL values for set-based inserts into audit_log. */
export function auditActor(auth: AuthContext) {
  return {
    actorId: sql`${auth.user.jwlId}::int`,
    impersonatorId: sql`${auth.impersonating ? auth.realUser.jwlId : null}::int`,
    ip: sql`${auth.ip}::text`,
  };
}
