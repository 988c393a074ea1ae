import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Announcement, announcementInputSchema } from '@lantern/contracts/communication';
import type { Db } from '@lantern/db/client';
import { programmeInReach } from '../../lib/programme-reach';
import { containsPattern, intArray, rows, textArray } from '../../lib/sql';

export type AnnouncementRow = {
  id: number;
  title: string;
  body: string;
  priority: Announcement['priority'];
  audience_everyone: boolean;
  audience_roles: string[];
  audience_clc_ids: number[];
  audience_programme_ids: number[];
  status: Announcement['status'];
  publish_from: Date | string | null;
  publish_until: Date | string | null;
  delivered_at: Date | string | null;
  received: number;
  read: number;
  created_by: number | null;
  creator: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
};

type Input = z.output<typeof announcementInputSchema>;

const SELECT = sql`select a.id, a.title, a.body, a.priority, a.audience_everyone, a.audience_roles,
    a.audience_clc_ids, a.audience_programme_ids, a.status, a.publish_from, a.publish_until,
    a.delivered_at, a.created_by, a.created_at, a.updated_at, a.version,
    u.first_name || ' ' || u.last_name as creator,
    (select count(*)::int from notifications n where n.announcement_id = a.id) as received,
    (select count(*)::int from notifications n where n.announcement_id = a.id and n.is_read) as read
  from announcements a left join users u on u.jwl_id = a.created_by`;

/**
 * The announcements a request reaches: every one for a network-wide role; for a role bound to
 * its CLCs, those addressed to its CLCs only.
 */
function inReach(scope: number[] | null) {
  return scope === null
    ? sql`true`
    : sql`cardinality(a.audience_clc_ids) > 0 and a.audience_clc_ids <@ ${intArray(scope)}`;
}

export async function findAnnouncementRows(
  db: Db,
  scope: number[] | null,
  query: { status?: string | undefined; q?: string | undefined; page: number; limit: number },
): Promise<{ items: AnnouncementRow[]; total: number }> {
  const where = sql`${inReach(scope)}
    ${query.status ? sql`and a.status = ${query.status}` : sql``}
    ${query.q ? sql`and (a.title ilike ${containsPattern(query.q)} or a.body ilike ${containsPattern(query.q)})` : sql``}`;
  const [items, [total]] = await Promise.all([
    rows<AnnouncementRow>(
      db,
      sql`${SELECT} where ${where} order by a.created_at desc, a.id desc
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from announcements a where ${where}`),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function announcementRow(
  db: Db,
  scope: number[] | null,
  id: number,
): Promise<AnnouncementRow | undefined> {
  const [row] = await rows<AnnouncementRow>(
    db,
    sql`${SELECT} where a.id = ${id} and ${inReach(scope)}`,
  );
  return row;
}

/** The roles, CLCs and programmes within a scope. */
export async function audienceRows(db: Db, scope: number[] | null) {
  const [roles, clcs, programmes] = await Promise.all([
    rows<{ key: string; label: string }>(
      db,
      sql`select key, label from roles order by sort_order, label`,
    ),
    rows<{ id: number; code: string; name: string }>(
      db,
      sql`select id, code, name from clcs where ${scope === null ? sql`true` : sql`id = any(${intArray(scope)})`}
          order by name`,
    ),
    rows<{ id: number; code: string; title: string }>(
      db,
      sql`select p.id, p.code, p.title from programmes p
           where p.status not in ('finished', 'cancelled') and ${programmeInReach(sql`p.id`, scope)}
           order by p.code limit 1000`,
    ),
  ]);
  return { roles, clcs, programmes };
}

/** How many of the named roles, CLCs and programmes exist. */
export async function countKnownAudience(
  db: Db,
  audience: { roles: string[]; clcIds: number[]; programmeIds: number[] },
) {
  const [known] = await rows<{ roles: number; clcs: number; programmes: number }>(
    db,
    sql`select (select count(*)::int from roles where key = any(${textArray(audience.roles)})) as roles,
               (select count(*)::int from clcs where id = any(${intArray(audience.clcIds)})) as clcs,
               (select count(*)::int from programmes where id = any(${intArray(audience.programmeIds)})) as programmes`,
  );
  return known;
}

const unique = <T>(values: T[]) => [...new Set(values)];

const values = (input: Input) => sql`${input.title}, ${input.body}, ${input.priority}::priority,
  ${input.audience.everyone}, ${textArray(unique(input.audience.roles))},
  ${intArray(unique(input.audience.clcIds))}, ${intArray(unique(input.audience.programmeIds))},
  ${input.publishFrom ?? null}::timestamptz, ${input.publishUntil ?? null}::timestamptz`;

export async function insertAnnouncement(
  tx: Db,
  input: Input,
  status: 'published' | 'draft',
  createdBy: number,
): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into announcements (title, body, priority, audience_everyone, audience_roles,
            audience_clc_ids, audience_programme_ids, publish_from, publish_until, status, created_by)
          values (${values(input)}, ${status}::announcement_status,
            ${createdBy})
          returning id`,
  );
  return row?.id;
}

/** Saves a version of an announcement; false when the version is no longer the current one. */
export async function updateAnnouncementRow(
  tx: Db,
  id: number,
  version: number,
  input: Input,
  status: Announcement['status'],
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update announcements set (title, body, priority, audience_everyone, audience_roles,
            audience_clc_ids, audience_programme_ids, publish_from, publish_until) = (${values(input)}),
            status = ${status}::announcement_status, delivered_at = null,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${version} returning id`,
  );
  return changed.length > 0;
}

/** Sets the status of a version; false when the version is no longer the current one. */
export async function setAnnouncementStatus(
  tx: Db,
  id: number,
  version: number,
  status: 'published' | 'withdrawn',
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update announcements set status = ${status}::announcement_status, delivered_at = null,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${version} returning id`,
  );
  return changed.length > 0;
}

export async function deleteAnnouncementRow(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`delete from announcements where id = ${id}`);
}
