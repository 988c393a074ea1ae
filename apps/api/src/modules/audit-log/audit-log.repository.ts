import { sql, type SQL } from 'drizzle-orm';
import type { AuditLogFilter, AuditLogItem, AuditPerson } from '@lantern/contracts/audit-log';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

type Row = {
  id: number | string;
  at: Date | string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: unknown;
  ip: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_merged_into: number | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  impersonator_merged_into: number | null;
};

const person = (
  id: number | null,
  name: string | null,
  mergedIntoId: number | null,
): AuditPerson | null => (id === null ? null : { id, name: name ?? '', mergedIntoId });

const toItem = (r: Row): AuditLogItem => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  changes: r.changes ?? null,
  ip: r.ip,
  actor: person(r.actor_id, r.actor_name, r.actor_merged_into),
  impersonator: person(r.impersonator_id, r.impersonator_name, r.impersonator_merged_into),
});

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeAnywhere = (value: string) => `%${likePrefix(value)}`;

/**
 * A user by JWL-ID (as the actor, as the impersonator, or as someone merged into them, whose rows
 * stay theirs) or by name or username.
 */
function userCondition(user: string): SQL {
  if (/^\d{1,9}$/.test(user)) {
    const id = Number(user);
    return sql`(a.actor_id = ${id} or a.impersonator_id = ${id}
      or a.actor_id in (select jwl_id from users where merged_into_id = ${id}))`;
  }
  const pattern = likeAnywhere(user);
  const matching = sql`(select jwl_id from users where username ilike ${pattern}
    or (first_name || ' ' || last_name) ilike ${pattern})`;
  return sql`(a.actor_id in ${matching} or a.impersonator_id in ${matching})`;
}

export function auditCondition(filter: AuditLogFilter): SQL {
  const parts: SQL[] = [];
  if (filter.user) parts.push(userCondition(filter.user));
  if (filter.entityType) parts.push(sql`a.entity_type = ${filter.entityType}`);
  if (filter.entityId) parts.push(sql`a.entity_id = ${filter.entityId}`);
  if (filter.action) parts.push(sql`a.action like ${likePrefix(filter.action)}`);
  // Days are UTC days, as everywhere dates are shown.
  if (filter.from) parts.push(sql`a.at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  if (filter.to) parts.push(sql`a.at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** Newest first (by id, the order rows were written), `limit` rows older than `before`. */
export async function findAuditRows(
  db: Db,
  filter: AuditLogFilter,
  options: { limit: number; before?: number | undefined },
): Promise<AuditLogItem[]> {
  const before = options.before === undefined ? sql`true` : sql`a.id < ${options.before}`;
  const found = await rows<Row>(
    db,
    sql`select a.id, a.at, a.action, a.entity_type, a.entity_id, a.changes, a.ip,
          a.actor_id, (au.first_name || ' ' || au.last_name) as actor_name,
          au.merged_into_id as actor_merged_into,
          a.impersonator_id, (iu.first_name || ' ' || iu.last_name) as impersonator_name,
          iu.merged_into_id as impersonator_merged_into
        from audit_log a
        left join users au on au.jwl_id = a.actor_id
        left join users iu on iu.jwl_id = a.impersonator_id
        where ${auditCondition(filter)} and ${before}
        order by a.id desc limit ${options.limit}`,
  );
  return found.map(toItem);
}

/** The kinds of record on record, read by skipping through the entity index (no full scan). */
export async function findEntityTypes(db: Db): Promise<string[]> {
  const found = await rows<{ v: string }>(
    db,
    sql`with recursive t(v) as (
          select min(entity_type) from audit_log
          union all
          select (select min(entity_type) from audit_log where entity_type > t.v) from t where t.v is not null
        ) select v from t where v is not null`,
  );
  return found.map((r) => r.v);
}
