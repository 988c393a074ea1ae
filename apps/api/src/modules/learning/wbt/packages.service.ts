import type { Db } from '@lantern/db/client';
import type { WbtPackage } from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import type { FileStore } from '../../../plugins/storage';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import { createWorkerPool, type WorkerPool } from '../../../lib/worker-pool';
import type { ValidateResult, ValidateTask } from './package-validate';
import { publicSco } from './manifest';
import {
  deleteUploadRows,
  findCoursePackages,
  findPackageBySha,
  findPackageRow,
  findPackageStandard,
  findPackageToAuthor,
  findPackageUpload,
  insertPackage,
  type PackageRaw,
  type UploadFile,
} from './packages.repository';
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
  const row = await findPackageRow(db, id);
  return row ? toPackage(row) : null;
}

/** Drops an upload that will not become a package: its row, its file's row, its bytes. */
async function dropUpload(deps: Deps, upload: UploadFile): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deleteUploadRows(tx, upload);
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
  const upload = await findPackageUpload(deps.db, uploadId, auth.user.jwlId);
  if (!upload || upload.course_id !== courseId) throw notFound('The upload');
  if (!upload.completed || !upload.file_id || upload.sha256 === null)
    throw new AppError(409, 'CONFLICT', 'The package has not finished uploading yet.');

  const existing = await findPackageBySha(deps.db, courseId, upload.sha256);
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
    const id = await deps.db.transaction(async (tx) =>
      insertPackage(tx, { courseId, fileId, valid, upload, uploadedBy: auth.user.jwlId }),
    );
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
  const found = await findCoursePackages(deps.db, courseId);
  return found.map(toPackage);
}

/** A package of a course in the caller's authoring reach, else 404. */
export async function getPackage(
  deps: { db: Db },
  auth: AuthContext,
  packageId: number,
): Promise<WbtPackage> {
  const row = await findPackageToAuthor(deps.db, auth, packageId);
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
  const row = await findPackageStandard(db, auth, courseId, settings.packageId);
  if (!row) throw notFound('The package');
  if (row.standard === 'html' && settings.gradeFrom === 'score')
    throw invalidFields({ gradeFrom: WBT_SENTENCES.htmlScore });
}
