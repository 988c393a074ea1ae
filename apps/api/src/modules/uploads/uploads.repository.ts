import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { UPLOAD_EXPIRY_HOURS } from '@lantern/contracts/uploads';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { rows } from '../../lib/sql';

export type UploadPurpose = 'submission' | 'course_document' | 'wbt_package';

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

/** Holds one person's upload creations to one at a time, until the transaction ends. */
export async function lockOwnerUploads(tx: Db, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads'), ${ownerId})`);
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

/** The kind and settings of the task an upload is for (read again at completion: the author may edit). */
export async function taskSettings(
  db: Db,
  itemId: number,
): Promise<{ kind: ItemKind; settings: unknown } | null> {
  const [row] = await rows<{ kind: ItemKind; settings: unknown }>(
    db,
    sql`select kind, settings from learning_items where id = ${itemId} and deleted_at is null`,
  );
  return row ?? null;
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

/**
 * How long a completed upload waits for something to use its file. The page that sent it
 * attaches it at once; a week covers a draft or a resource form saved later (a device offline
 * over a weekend, an editor left open, a save retried) before an unused file is removed.
 */
export const UNATTACHED_UPLOAD_DAYS = 7;

/** `lantern-file:<uuid>` as the sanitiser lets it into rich text (case-insensitive). */
const RICH_TEXT_FILE = String.raw`lantern-file:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})`;

/**
 * Every column that holds a file id outside `uploads` (a test compares this list with the
 * database's uuid columns named *file_id, so a new one is not missed). A file named in any of
 * them is kept. Only `submission_files` can hold an upload's file today; the others are checked
 * so the sweep can never take a file someone shows.
 */
export const FILE_ID_COLUMNS = [
  'submission_files.file_id',
  'submission_texts.file_id',
  'support_tickets.screenshot_file_id',
  'certificates.file_id',
  'users.profile_photo_file_id',
  'clcs.logo_file_id',
  'clcs.signature_file_id',
  'student_profiles.certificate_photo_file_id',
  'quiz_responses.file_id',
  'wbt_packages.file_id',
  // The files of bachelor cohort imports and export batches (decision 0022).
  'ba_cohort_imports.file_id',
  'ba_export_batches.file_id',
] as const;

const notInColumn = (column: (typeof FILE_ID_COLUMNS)[number]) => {
  const [table = '', name = ''] = column.split('.');
  return sql`not exists (select 1 from ${sql.identifier(table)} x where x.${sql.identifier(name)} = u.file_id)`;
};

/**
 * Completed uploads older than UNATTACHED_UPLOAD_DAYS whose file nothing uses: no file-id
 * column (FILE_ID_COLUMNS), no item's settings (`fileId`, a resource's document) and no
 * rich text (an item's body, a unit's summary, a course's syllabus: `lantern-file:` images),
 * now or in any item revision (what learners answered stays readable). The references in
 * settings and rich text are gathered once per call and hash-joined.
 */
export async function unattachedUploads(
  db: Db,
  limit: number,
): Promise<{ id: string; fileId: string; storageKey: string }[]> {
  const found = await rows<{ id: string; file_id: string; storage_key: string }>(
    db,
    sql`with texts as (
          select body as t from learning_items where strpos(body, 'lantern-file:') > 0
          union all
          select summary from learning_units where strpos(summary, 'lantern-file:') > 0
          union all
          select syllabus from programme_courses where strpos(syllabus, 'lantern-file:') > 0
          union all
          select content->>'body' from learning_item_revisions
            where strpos(content->>'body', 'lantern-file:') > 0
        ),
        used as (
          select lower((regexp_matches(t, ${RICH_TEXT_FILE}, 'g'))[1]) as id from texts
          union
          select lower(settings->>'fileId') from learning_items where settings->>'fileId' is not null
          union
          select lower(content->'settings'->>'fileId') from learning_item_revisions
            where content->'settings'->>'fileId' is not null
        )
        select u.id, u.file_id, f.storage_key from uploads u
        join files f on f.id = u.file_id
        where u.completed_at <= now() - make_interval(days => ${UNATTACHED_UPLOAD_DAYS})
          and ${sql.join(FILE_ID_COLUMNS.map(notInColumn), sql` and `)}
          and not exists (select 1 from used where used.id = u.file_id::text)
        order by u.completed_at limit ${limit}`,
  );
  return found.map((r) => ({ id: r.id, fileId: r.file_id, storageKey: r.storage_key }));
}

/**
 * Removes a completed upload's row and its file's row, unless a submission took the file since
 * it was found: the file row is locked first, so a draft attaching it now either went before
 * (and is seen) or waits and then finds it gone. False when kept.
 */
export async function deleteUnattached(db: Db, id: string, fileId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [file] = await rows<{ id: string }>(
      tx,
      sql`select id from files where id = ${fileId} for update`,
    );
    if (!file) return false;
    const [taken] = await rows<{ one: number }>(
      tx,
      sql`select 1 as one from submission_files where file_id = ${fileId} limit 1`,
    );
    if (taken) return false;
    await tx.execute(sql`delete from uploads where id = ${id} and file_id = ${fileId}`);
    await tx.execute(sql`delete from files where id = ${fileId}`);
    return true;
  });
}
