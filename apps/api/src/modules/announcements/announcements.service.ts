import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Announcement,
  announcementInputSchema,
  announcementQuerySchema,
} from '@lantern/contracts/communication';
import type { Db } from '@lantern/db/client';
import { missingRight, type AuthContext } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { deliverAnnouncement } from '@lantern/db/announcements';
import { programmeInReach } from '../../lib/programme-reach';
import { clcScope } from '../../lib/scope';
import { containsPattern, intArray, rows, textArray } from '../../lib/sql';

type Input = z.output<typeof announcementInputSchema>;
type Query = z.output<typeof announcementQuerySchema>;

type Row = {
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

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toAnnouncement = (r: Row): Announcement => ({
  id: r.id,
  title: r.title,
  body: r.body,
  priority: r.priority,
  audience: {
    everyone: r.audience_everyone,
    roles: r.audience_roles,
    clcIds: r.audience_clc_ids,
    programmeIds: r.audience_programme_ids,
  },
  status: r.status,
  publishFrom: iso(r.publish_from),
  publishUntil: iso(r.publish_until),
  deliveredAt: iso(r.delivered_at),
  received: r.received,
  read: r.read,
  createdBy:
    r.created_by === null ? null : { id: r.created_by, name: r.creator ?? String(r.created_by) },
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  version: r.version,
});

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
function inReach(auth: AuthContext) {
  const scope = clcScope(auth);
  return scope === null
    ? sql`true`
    : sql`cardinality(a.audience_clc_ids) > 0 and a.audience_clc_ids <@ ${intArray(scope)}`;
}

export async function findAnnouncements(deps: Deps, auth: AuthContext, query: Query) {
  const where = sql`${inReach(auth)}
    ${query.status ? sql`and a.status = ${query.status}` : sql``}
    ${query.q ? sql`and (a.title ilike ${containsPattern(query.q)} or a.body ilike ${containsPattern(query.q)})` : sql``}`;
  const [items, [total]] = await Promise.all([
    rows<Row>(
      deps.db,
      sql`${SELECT} where ${where} order by a.created_at desc, a.id desc
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from announcements a where ${where}`,
    ),
  ]);
  return {
    items: items.map(toAnnouncement),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

async function rowOf(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await rows<Row>(db, sql`${SELECT} where a.id = ${id} and ${inReach(auth)}`);
  if (!row) throw notFound('The announcement');
  return row;
}

export async function getAnnouncement(deps: Deps, auth: AuthContext, id: number) {
  return toAnnouncement(await rowOf(deps.db, auth, id));
}

/** The roles, CLCs and programmes an author may address. */
export async function audienceOptions(deps: Deps, auth: AuthContext) {
  const scope = clcScope(auth);
  const [roles, clcs, programmes] = await Promise.all([
    rows<{ key: string; label: string }>(
      deps.db,
      sql`select key, label from roles order by sort_order, label`,
    ),
    rows<{ id: number; code: string; name: string }>(
      deps.db,
      sql`select id, code, name from clcs where ${scope === null ? sql`true` : sql`id = any(${intArray(scope)})`}
          order by name`,
    ),
    rows<{ id: number; code: string; title: string }>(
      deps.db,
      sql`select p.id, p.code, p.title from programmes p
           where p.status not in ('finished', 'cancelled') and ${programmeInReach(sql`p.id`, scope)}
           order by p.code limit 1000`,
    ),
  ]);
  return { roles, clcs, programmes, everyoneAllowed: scope === null };
}

/** The audience must name what exists, and stay within the author's CLCs. */
async function checkAudience(db: Db, auth: AuthContext, input: Input): Promise<void> {
  const { audience } = input;
  const scope = clcScope(auth);
  if (scope !== null) {
    if (audience.everyone || audience.clcIds.length === 0)
      throw badRequest('Choose the CLCs of your own that receive it.', {
        'audience.clcIds': 'At least 1 option must be selected',
      });
    if (audience.clcIds.some((id) => !scope.includes(id)))
      throw badRequest('You can address your own CLCs only.', {
        'audience.clcIds': 'Please select a valid option',
      });
  }
  const [known] = await rows<{ roles: number; clcs: number; programmes: number }>(
    db,
    sql`select (select count(*)::int from roles where key = any(${textArray(audience.roles)})) as roles,
               (select count(*)::int from clcs where id = any(${intArray(audience.clcIds)})) as clcs,
               (select count(*)::int from programmes where id = any(${intArray(audience.programmeIds)})) as programmes`,
  );
  const fields: Record<string, string> = {};
  if (known?.roles !== new Set(audience.roles).size)
    fields['audience.roles'] = 'Please select a valid option';
  if (known?.clcs !== new Set(audience.clcIds).size)
    fields['audience.clcIds'] = 'Please select a valid option';
  if (known?.programmes !== new Set(audience.programmeIds).size)
    fields['audience.programmeIds'] = 'Please select a valid option';
  if (Object.keys(fields).length > 0)
    throw badRequest('The audience names unknown entries.', fields);
}

const unique = <T>(values: T[]) => [...new Set(values)];

const values = (input: Input) => sql`${input.title}, ${input.body}, ${input.priority}::priority,
  ${input.audience.everyone}, ${textArray(unique(input.audience.roles))},
  ${intArray(unique(input.audience.clcIds))}, ${intArray(unique(input.audience.programmeIds))},
  ${input.publishFrom ?? null}::timestamptz, ${input.publishUntil ?? null}::timestamptz`;

function requirePublishRight(auth: AuthContext): void {
  if (!auth.rights.has('ANNOUNCEMENT__PUBLISH')) throw missingRight('ANNOUNCEMENT__PUBLISH');
}

export async function createAnnouncement(
  deps: Deps,
  auth: AuthContext,
  input: Input,
): Promise<Announcement> {
  if (input.publish) requirePublishRight(auth);
  await checkAudience(deps.db, auth, input);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into announcements (title, body, priority, audience_everyone, audience_roles,
            audience_clc_ids, audience_programme_ids, publish_from, publish_until, status, created_by)
          values (${values(input)}, ${input.publish ? 'published' : 'draft'}::announcement_status,
            ${auth.user.jwlId})
          returning id`,
    );
    if (!row) throw new Error('The announcement could not be saved.');
    await audit(tx, auth, {
      action: input.publish ? 'announcement.published' : 'announcement.created',
      entityType: 'announcement',
      entityId: row.id,
      changes: { ...input },
    });
    return row.id;
  });
  if (input.publish) deps.announcementDelivery.dispatch(id);
  return getAnnouncement(deps, auth, id);
}

const stale = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this announcement meanwhile. Reload it to see their change.',
  );

export async function updateAnnouncement(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: Input & { version: number },
): Promise<Announcement> {
  const before = await rowOf(deps.db, auth, id);
  if (input.publish && before.status !== 'published') requirePublishRight(auth);
  await checkAudience(deps.db, auth, input);
  const status = input.publish ? 'published' : before.status;
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: number }>(
      tx,
      sql`update announcements set (title, body, priority, audience_everyone, audience_roles,
            audience_clc_ids, audience_programme_ids, publish_from, publish_until) = (${values(input)}),
            status = ${status}::announcement_status, delivered_at = null,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) throw stale();
    await audit(tx, auth, {
      action: 'announcement.updated',
      entityType: 'announcement',
      entityId: id,
      changes: { ...input },
    });
  });
  if (status !== 'draft') deps.announcementDelivery.dispatch(id);
  return getAnnouncement(deps, auth, id);
}

/** Publishes a draft, or withdraws a published one (its unread notifications go at once). */
export async function setStatus(
  deps: Deps,
  auth: AuthContext,
  id: number,
  action: 'publish' | 'withdraw',
  version: number,
): Promise<Announcement> {
  await rowOf(deps.db, auth, id);
  const status = action === 'publish' ? 'published' : 'withdrawn';
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: number }>(
      tx,
      sql`update announcements set status = ${status}::announcement_status, delivered_at = null,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${version} returning id`,
    );
    if (changed.length === 0) throw stale();
    await audit(tx, auth, {
      action: `announcement.${action === 'publish' ? 'published' : 'withdrawn'}`,
      entityType: 'announcement',
      entityId: id,
    });
  });
  // A withdrawal takes effect before the answer; a publication is the background job's.
  if (action === 'withdraw') await deliverAnnouncement(deps.db, id);
  else deps.announcementDelivery.dispatch(id);
  return getAnnouncement(deps, auth, id);
}

export async function deleteAnnouncement(deps: Deps, auth: AuthContext, id: number) {
  const before = await rowOf(deps.db, auth, id);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`delete from announcements where id = ${id}`);
    await audit(tx, auth, {
      action: 'announcement.deleted',
      entityType: 'announcement',
      entityId: id,
      changes: { title: before.title, received: before.received, read: before.read },
    });
  });
}
