import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { WbtPackage, WbtStandard, WbtWarning } from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import type { FileStore } from '../../../plugins/storage';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { authoringReach, loadCourseToAuthor } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { createWorkerPool, type WorkerPool } from '../../../lib/worker-pool';
import type { ValidateResult, ValidateTask } from './package-validate';
import { publicSco, type StoredSco } from './manifest';
import { WBT_SENTENCES, wbtSettingsSchema } from '@lantern/contracts/wbt';

type Deps = {
  db: Db;
  files: FileStore;
  config: { filesDir: string; wbtMaxBytes: number; wbtMaxUnpackedBytes: number };
};

/** The `wbt-unpack` pool (decision 0020 §1.5): one thread, two minutes a package. */
export function createUnpackPool(): WorkerPool<ValidateTask, ValidateResult> {
  return createWorkerPool<ValidateTask, ValidateResult>({
    name: 'wbt-unpack',
    built: 'wbt-unpack-worker.mjs',
    source: new URL('./package-validate.worker.ts', import.meta.url),
    size: 1,
    timeoutMs: 120_000,
  });
}

type PackageRaw = {
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

const toPackage = (r: PackageRaw): WbtPackage => ({
  id: r.id,
  courseId: r.course_id,
  standard: r.standard,
  title: r.title,
  scos: r.scos.map(publicSco),
  warnings: r.warnings,
  entries: r.entries,
  size: Number(r.size),
  unpackedBytes: Number(r.unpacked_bytes),
  sha256: r.sha256,
  uploadedBy: r.uploaded_by,
  createdAt: new Date(r.created_at).toISOString(),
});

async function packageById(db: Db, id: number): Promise<WbtPackage | null> {
  const [row] = await rows<PackageRaw>(
    db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id where p.id = ${id}`,
  );
  return row ? toPackage(row) : null;
}

type UploadFile = {
  id: string;
  course_id: number | null;
  completed: boolean;
  file_id: string | null;
  storage_key: string;
  size: string | number | null;
  sha256: string | null;
};

/** Drops an upload that will not become a package: its row, its file's row, its bytes. */
async function dropUpload(deps: Deps, upload: UploadFile): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`delete from uploads where id = ${upload.id}`);
    if (upload.file_id) await tx.execute(sql`delete from files where id = ${upload.file_id}`);
  });
  await deps.files.remove(upload.storage_key);
}

/**
 * Turns a finished `wbt_package` upload into a package (decision 0020 §2.2): validated and
 * unpacked in the worker, then recorded with its file table. Any refusal stores nothing and
 * removes the upload. The same zip again in the same course answers the existing package.
 */
export async function createPackage(
  deps: Deps,
  pool: WorkerPool<ValidateTask, ValidateResult>,
  auth: AuthContext,
  courseId: number,
  uploadId: string,
): Promise<{ created: boolean; package: WbtPackage }> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const [upload] = await rows<UploadFile>(
    deps.db,
    sql`select u.id, u.course_id, u.completed_at is not null as completed, u.file_id, u.storage_key,
          f.size, f.sha256
        from uploads u left join files f on f.id = u.file_id
        where u.id = ${uploadId} and u.owner_id = ${auth.user.jwlId} and u.purpose = 'wbt_package'`,
  );
  if (!upload || upload.course_id !== courseId) throw notFound('The upload');
  if (!upload.completed || !upload.file_id || upload.sha256 === null)
    throw new AppError(409, 'CONFLICT', 'The package has not finished uploading yet.');

  const [existing] = await rows<{ id: number }>(
    deps.db,
    sql`select id from wbt_packages where course_id = ${courseId} and sha256 = ${upload.sha256}`,
  );
  if (existing) {
    const found = await packageById(deps.db, existing.id);
    if (found) {
      await dropUpload(deps, upload);
      return { created: false, package: found };
    }
  }

  let result: ValidateResult;
  try {
    result = await pool.run({
      filesDir: deps.config.filesDir,
      zipKey: upload.storage_key,
      zipSize: Number(upload.size ?? 0),
      maxBytes: deps.config.wbtMaxBytes,
      maxUnpackedBytes: deps.config.wbtMaxUnpackedBytes,
    });
  } catch {
    // A package that takes the worker past its time is refused like any too-costly one.
    await dropUpload(deps, upload);
    throw new AppError(400, 'WBT_PACKAGE_INVALID', WBT_SENTENCES.bomb);
  }
  if (!result.ok) {
    await dropUpload(deps, upload);
    throw new AppError(result.status, result.code, result.detail);
  }
  const valid = result;
  const fileId = upload.file_id;
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`insert into wbt_packages (course_id, file_id, standard, title, scos, warnings, entries,
              unpacked_bytes, sha256, uploaded_by)
            values (${courseId}, ${fileId}, ${valid.standard}, ${valid.title},
              ${JSON.stringify(valid.scos)}::jsonb, ${JSON.stringify(valid.warnings)}::jsonb,
              ${valid.entries}, ${valid.unpackedBytes}, ${upload.sha256}, ${auth.user.jwlId})
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
    });
    const saved = await packageById(deps.db, id);
    if (!saved) throw notFound('The package');
    return { created: true, package: saved };
  } catch (error) {
    for (const file of valid.files) await deps.files.remove(file.storageKey).catch(() => undefined);
    throw error;
  }
}

/** The packages of a course the caller authors, newest first. */
export async function listPackages(
  deps: { db: Db },
  auth: AuthContext,
  courseId: number,
): Promise<WbtPackage[]> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const found = await rows<PackageRaw>(
    deps.db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id
        where p.course_id = ${courseId} order by p.created_at desc, p.id desc limit 200`,
  );
  return found.map(toPackage);
}

/** A package of a course in the caller's authoring reach, else 404. */
export async function getPackage(
  deps: { db: Db },
  auth: AuthContext,
  packageId: number,
): Promise<WbtPackage> {
  const [row] = await rows<PackageRaw>(
    deps.db,
    sql`select ${PACKAGE_COLUMNS} from wbt_packages p join files f on f.id = p.file_id
        join programme_courses c on c.id = p.course_id
        where p.id = ${packageId} and ${authoringReach(sql`c.programme_id`, auth)}`,
  );
  if (!row) throw notFound('The package');
  return toPackage(row);
}

/**
 * A training item's settings as authored (decision 0020 §2.2): the package is one of this
 * course's, or of a course the author may author (404 otherwise, as any record out of reach);
 * an HTML package reports no score, so it is graded by completion.
 */
export async function assertWbtSettings(
  db: Db,
  auth: AuthContext,
  courseId: number,
  raw: unknown,
): Promise<void> {
  const settings = wbtSettingsSchema.parse(raw);
  const [row] = await rows<{ standard: WbtStandard }>(
    db,
    sql`select p.standard from wbt_packages p join programme_courses c on c.id = p.course_id
        where p.id = ${settings.packageId}
          and (p.course_id = ${courseId} or ${authoringReach(sql`c.programme_id`, auth)})`,
  );
  if (!row) throw notFound('The package');
  if (row.standard === 'html' && settings.gradeFrom === 'score')
    throw invalidFields({ gradeFrom: WBT_SENTENCES.htmlScore });
}
