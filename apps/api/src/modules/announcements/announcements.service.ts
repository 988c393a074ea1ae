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
import { clcScope } from '../../lib/scope';
import * as repo from './announcements.repository';

type Input = z.output<typeof announcementInputSchema>;
type Query = z.output<typeof announcementQuerySchema>;

type Row = repo.AnnouncementRow;

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

export async function findAnnouncements(deps: Deps, auth: AuthContext, query: Query) {
  const { items, total } = await repo.findAnnouncementRows(deps.db, clcScope(auth), query);
  return {
    items: items.map(toAnnouncement),
    total,
    page: query.page,
    limit: query.limit,
  };
}

async function rowOf(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const row = await repo.announcementRow(db, clcScope(auth), id);
  if (!row) throw notFound('The announcement');
  return row;
}

export async function getAnnouncement(deps: Deps, auth: AuthContext, id: number) {
  return toAnnouncement(await rowOf(deps.db, auth, id));
}

/** The roles, CLCs and programmes an author may address. */
export async function audienceOptions(deps: Deps, auth: AuthContext) {
  const scope = clcScope(auth);
  const { roles, clcs, programmes } = await repo.audienceRows(deps.db, scope);
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
  const known = await repo.countKnownAudience(db, audience);
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
    const newId = await repo.insertAnnouncement(
      tx,
      input,
      input.publish ? 'published' : 'draft',
      auth.user.jwlId,
    );
    if (newId === undefined) throw new Error('The announcement could not be saved.');
    await audit(tx, auth, {
      action: input.publish ? 'announcement.published' : 'announcement.created',
      entityType: 'announcement',
      entityId: newId,
      changes: { ...input },
    });
    return newId;
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
    if (!(await repo.updateAnnouncementRow(tx, id, input.version, input, status))) throw stale();
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
    if (!(await repo.setAnnouncementStatus(tx, id, version, status))) throw stale();
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
    await repo.deleteAnnouncementRow(tx, id);
    await audit(tx, auth, {
      action: 'announcement.deleted',
      entityType: 'announcement',
      entityId: id,
      changes: { title: before.title, received: before.received, read: before.read },
    });
  });
}
