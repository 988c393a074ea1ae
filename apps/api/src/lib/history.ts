import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HistoryEntry } from '@lantern/contracts/clc';
import type { Db } from '@lantern/db/client';
import { auditLog } from '@lantern/db/schema/operations';
import { users } from '@lantern/db/schema/people';

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');

/** The audit rows of one record, newest first: who changed what, when. */
export async function findHistory(
  db: Db,
  entityType: string,
  entityId: string | number,
  limit = 200,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      changes: auditLog.changes,
      actorId: actor.jwlId,
      actorName: sql<string | null>`${actor.firstName} || ' ' || ${actor.lastName}`,
      impersonatorId: impersonator.jwlId,
      impersonatorName: sql<
        string | null
      >`${impersonator.firstName} || ' ' || ${impersonator.lastName}`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.jwlId, auditLog.actorId))
    .leftJoin(impersonator, eq(impersonator.jwlId, auditLog.impersonatorId))
    .where(
      and(
        eq(auditLog.entityType, entityType),
        entityType === 'user'
          ? // A person's history also holds that of the people merged into them (their tombstones).
            sql`${auditLog.entityId} in (select ${String(entityId)} union all select jwl_id::text from users where merged_into_id = ${Number(entityId)})`
          : eq(auditLog.entityId, String(entityId)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action,
    actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '' } : null,
    impersonator: r.impersonatorId
      ? { id: r.impersonatorId, name: r.impersonatorName ?? '' }
      : null,
    changes: (r.changes as Record<string, unknown> | null) ?? null,
  }));
}

/** The fields that differ between two versions of a record, as { field: { from, to } }. */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to))
      changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}
