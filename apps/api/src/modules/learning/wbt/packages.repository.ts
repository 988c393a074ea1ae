import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { WbtStandard, WbtWarning } from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { authoringReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import type { StoredSco } from './manifest';
import type { ValidateResult } from './package-validate';

/** Reads and writes of training packages and the uploads they are made from. */

export type PackageRaw = {
  id: number;
  course_id: number;
  standard: WbtStandard;
  title: string;
  scos: StoredSco[];
  warnings: WbtWarning[];
  entries: number;
  size: string | number;
  unpacked_bytes: string | number;
  sha256: string;
  uploaded_by: number | null;
  created_at: Date | string;
};

const PACKAGE_COLUMNS = sql`p.id, p.course_id, p.standard, p.title, p.scos, p.warnings, p.entries,
  f.size, p.unpacked_bytes, p.sha256, p.uploaded_by, p.created_at`;

export async function findPackageRow(db: Db, id: number): Promise<PackageRaw | undefined> {
  const [row] = await rows<PackageRaw>(
    db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id where p.id = ${id}`,
  );
  return row;
}

export type UploadFile = {
  id: string;
  course_id: number | null;
  completed: boolean;
  file_id: string | null;
  storage_key: string;
  size: string | number | null;
  sha256: string | null;
};

/** Removes an upload's row, and its file's row when it has one. */
export async function deleteUploadRows(tx: Db, upload: UploadFile): Promise<void> {
  await tx.execute(sql`delete from uploads where id = ${upload.id}`);
  if (upload.file_id) await tx.execute(sql`delete from files where id = ${upload.file_id}`);
}

/** The caller's own `wbt_package` upload with its file. */
export async function findPackageUpload(
  db: Db,
  uploadId: string,
  ownerId: number,
): Promise<UploadFile | undefined> {
  const [upload] = await rows<UploadFile>(
    db,
    sql`select u.id, u.course_id, u.completed_at is not null as completed, u.file_id, u.storage_key,
          f.size, f.sha256
        from uploads u left join files f on f.id = u.file_id
        where u.id = ${uploadId} and u.owner_id = ${ownerId} and u.purpose = 'wbt_package'`,
  );
  return upload;
}

export async function findPackageBySha(
  db: Db,
  courseId: number,
  sha256: string,
): Promise<{ id: number } | undefined> {
  const [existing] = await rows<{ id: number }>(
    db,
    sql`select id from wbt_packages where course_id = ${courseId} and sha256 = ${sha256}`,
  );
  return existing;
}

type ValidPackage = Extract<ValidateResult, { ok: true }>;

/** Records a validated package, its file table in chunks, and uses up its upload. */
export async function insertPackage(
  tx: Db,
  p: {
    courseId: number;
    fileId: string;
    valid: ValidPackage;
    upload: { id: string; sha256: string | null };
    uploadedBy: number;
  },
): Promise<number> {
  const { courseId, fileId, valid, upload } = p;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into wbt_packages (course_id, file_id, standard, title, scos, warnings, entries,
              unpacked_bytes, sha256, uploaded_by)
            values (${courseId}, ${fileId}, ${valid.standard}, ${valid.title},
              ${JSON.stringify(valid.scos)}::jsonb, ${JSON.stringify(valid.warnings)}::jsonb,
              ${valid.entries}, ${valid.unpackedBytes}, ${upload.sha256}, ${p.uploadedBy})
            returning id`,
  );
  if (!row) throw new Error('The package could not be recorded.');
  for (let i = 0; i < valid.files.length; i += 1000) {
    const chunk = valid.files.slice(i, i + 1000);
    await tx.execute(
      sql`insert into wbt_package_files (package_id, path, storage_key, size, mime)
              select ${row.id}, x.path, x.storage_key, x.size, x.mime
              from jsonb_to_recordset(${JSON.stringify(
                chunk.map((f) => ({
                  path: f.path,
                  storage_key: f.storageKey,
                  size: f.size,
                  mime: f.mime,
                })),
              )}::jsonb) as x(path text, storage_key text, size bigint, mime text)`,
    );
  }
  // The upload is used: its file now belongs to the package.
  await tx.execute(sql`delete from uploads where id = ${upload.id}`);
  return row.id;
}

export async function findCoursePackages(db: Db, courseId: number): Promise<PackageRaw[]> {
  return rows<PackageRaw>(
    db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id
        where p.course_id = ${courseId} order by p.created_at desc, p.id desc limit 200`,
  );
}

/** A package of a course in the caller's authoring reach. */
export async function findPackageToAuthor(
  db: Db,
  auth: AuthContext,
  packageId: number,
): Promise<PackageRaw | undefined> {
  const [row] = await rows<PackageRaw>(
    db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id
        join programme_courses c on c.id = p.course_id
        where p.id = ${packageId} and ${authoringReach(sql`c.programme_id`, auth)}`,
  );
  return row;
}

/** A package's standard when it is the course's or of a course the caller may author. */
export async function findPackageStandard(
  db: Db,
  auth: AuthContext,
  courseId: number,
  packageId: number,
): Promise<{ standard: WbtStandard } | undefined> {
  const [row] = await rows<{ standard: WbtStandard }>(
    db,
    sql`select p.standard from wbt_packages p join programme_courses c on c.id = p.course_id
        where p.id = ${packageId}
          and (p.course_id = ${courseId} or ${authoringReach(sql`c.programme_id`, auth)})`,
  );
  return row;
}
