import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { UPLOAD_EXPIRY_HOURS } from '@lantern/contracts/uploads';
import { rows } from '../../lib/sql';

export type UploadPurpose = 'submission' | 'course_document';

/** How long a PATCH holds an upload; renewed every LEASE_RENEW_MS while bytes arrive. */
export const LEASE_SECONDS = 30;
export const LEASE_RENEW_MS = 10_000;

export type UploadRow = {
  id: string;
  purpose: UploadPurpose;
  itemId: number | null;
  courseId: number | null;
  filename: string;
  declaredSize: number;
  offset: number;
  storageKey: string;
  completed: boolean;
  expired: boolean;
  leased: boolean;
  expiresAt: Date;
};

type RawRow = {
  id: string;
  purpose: UploadPurpose;
  item_id: number | null;
  course_id: number | null;
  filename: string;
  declared_size: string | number;
  offset: string | number;
  storage_key: string;
  completed: boolean;
  expired: boolean;
  leased: boolean;
  expires_at: Date | string;
};

const COLUMNS = sql`id, purpose, item_id, course_id, filename, declared_size, "offset", storage_key,
  completed_at is not null as completed,
  completed_at is null and expires_at <= now() as expired,
  lease_until is not null and lease_until > now() as leased, expires_at`;

const toRow = (r: RawRow): UploadRow => ({
  id: r.id,
  purpose: r.purpose,
  itemId: r.item_id,
  courseId: r.course_id,
  filename: r.filename,
  declaredSize: Number(r.declared_size),
  offset: Number(r.offset),
  storageKey: r.storage_key,
  completed: r.completed,
  expired: r.expired,
  leased: r.leased,
  expiresAt: new Date(r.expires_at),
});

const expiry = sql`now() + make_interval(hours => ${UPLOAD_EXPIRY_HOURS})`;

/** The caller's own upload of that purpose, or null (someone else's is as unknown). */
export async function findOwnUpload(
  db: Db,
  id: string,
  ownerId: number,
  purpose: UploadPurpose,
): Promise<UploadRow | null> {
  const [row] = await rows<RawRow>(
    db,
    sql`select ${COLUMNS} from uploads where id = ${id} and owner_id = ${ownerId} and purpose = ${purpose}`,
  );
  return row ? toRow(row) : null;
}

/** Unfinished uploads of a person that still count (not expired). */
export async function countUnfinished(db: Db, ownerId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from uploads
        where owner_id = ${ownerId} and completed_at is null and expires_at > now()`,
  );
  return row?.n ?? 0;
}

export async function insertUpload(
  db: Db,
  values: {
    ownerId: number;
    purpose: UploadPurpose;
    itemId: number | null;
    courseId: number | null;
    filename: string;
    declaredSize: number;
    storageKey: string;
  },
): Promise<UploadRow> {
  const [row] = await rows<RawRow>(
    db,
    sql`insert into uploads (owner_id, purpose, item_id, course_id, filename, declared_size, storage_key, expires_at)
        values (${values.ownerId}, ${values.purpose}, ${values.itemId}, ${values.courseId},
                ${values.filename}, ${values.declaredSize}, ${values.storageKey}, ${expiry})
        returning ${COLUMNS}`,
  );
  if (!row) throw new Error('The upload could not be recorded.');
  return toRow(row);
}

/**
 * Takes the lease of an unfinished, unexpired, free upload at that offset, in one short UPDATE
 * (no transaction stays open while bytes arrive). Null when any of that does not hold.
 */
export async function takeLease(
  db: Db,
  id: string,
  ownerId: number,
  offset: number,
  token: string,
): Promise<UploadRow | null> {
  const [row] = await rows<RawRow>(
    db,
    sql`update uploads set lease_token = ${token},
          lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
        where id = ${id} and owner_id = ${ownerId} and completed_at is null and expires_at > now()
          and (lease_until is null or lease_until <= now()) and "offset" = ${offset}
        returning ${COLUMNS}`,
  );
  return row ? toRow(row) : null;
}

export async function renewLease(db: Db, id: string, token: string): Promise<void> {
  await db.execute(
    sql`update uploads set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${id} and lease_token = ${token}`,
  );
}

/** Records the bytes received and frees the lease; false when the lease was lost meanwhile. */
export async function releaseLease(
  db: Db,
  id: string,
  token: string,
  offset: number,
): Promise<Date | null> {
  const [row] = await rows<{ expires_at: Date | string }>(
    db,
    sql`update uploads set "offset" = ${offset}, lease_token = null, lease_until = null,
          expires_at = ${expiry}, updated_at = now(), version = version + 1
        where id = ${id} and lease_token = ${token}
        returning expires_at`,
  );
  return row ? new Date(row.expires_at) : null;
}

/** Marks the upload complete with its file (in the caller's transaction). */
export async function completeUpload(
  db: Db,
  id: string,
  token: string,
  offset: number,
  fileId: string,
): Promise<Date | null> {
  const [row] = await rows<{ expires_at: Date | string }>(
    db,
    sql`update uploads set "offset" = ${offset}, lease_token = null, lease_until = null,
          completed_at = now(), file_id = ${fileId}, expires_at = ${expiry},
          updated_at = now(), version = version + 1
        where id = ${id} and lease_token = ${token}
        returning expires_at`,
  );
  return row ? new Date(row.expires_at) : null;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from uploads where id = ${id}`);
}

/** The settings of the task an upload is for (read again at completion: the author may edit). */
export async function taskSettings(db: Db, itemId: number): Promise<unknown> {
  const [row] = await rows<{ settings: unknown }>(
    db,
    sql`select settings from learning_items where id = ${itemId} and deleted_at is null`,
  );
  return row?.settings ?? null;
}

/** Unfinished uploads past their expiry and not being received: the sweep's work. */
export async function expiredUploads(
  db: Db,
  limit: number,
): Promise<{ id: string; storageKey: string }[]> {
  const found = await rows<{ id: string; storage_key: string }>(
    db,
    sql`select id, storage_key from uploads
        where completed_at is null and expires_at <= now()
          and (lease_until is null or lease_until <= now())
        order by expires_at limit ${limit}`,
  );
  return found.map((r) => ({ id: r.id, storageKey: r.storage_key }));
}
