import { randomUUID, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '@lantern/db/client';
import {
  FILE_TYPE_KEYS,
  submissionFileRules,
  type FileTypeKey,
} from '@lantern/contracts/learning-kinds';
import { VALIDATION } from '@lantern/contracts/messages';
import { textFault } from '@lantern/contracts/text';
import {
  DOCUMENT_FILE_TYPES,
  MAX_UNFINISHED_UPLOADS,
  MAX_UPLOAD_BYTES,
  fileTypesText,
  sizesApart,
} from '@lantern/contracts/uploads';
import type { AuthContext } from '../../plugins/auth';
import { hashStored, TooLarge, type FileStore } from '../../plugins/storage';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { insertFile } from '../../lib/files';
import { loadCourseToAuthor } from '../../lib/learning-scope';
import { assertMaySubmit } from '../learning/learner-policy/public';
import * as repo from './uploads.repository';
import type { UploadPurpose, UploadRow } from './uploads.repository';
import { sniffStored } from './uploads.sniff';

type Deps = { db: Db; files: FileStore };

/**
 * The running SHA-256 of uploads whose parts arrive in this process in order, so completing a
 * 512 MB upload does not read it again. Another node, a restart or a part refused half-way
 * re-reads the stored prefix once. Bounded: the oldest entries go first (they are re-read).
 */
export class RunningHashes {
  private readonly entries = new Map<string, { offset: number; hash: Hash }>();
  constructor(private readonly max = 1000) {}

  async at(store: FileStore, upload: UploadRow): Promise<Hash> {
    const entry = this.entries.get(upload.id);
    this.entries.delete(upload.id);
    if (entry && entry.offset === upload.offset) return entry.hash;
    return hashStored(store, upload.storageKey, upload.offset);
  }

  keep(id: string, offset: number, hash: Hash): void {
    this.entries.set(id, { offset, hash });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  drop(id: string): void {
    this.entries.delete(id);
  }
}

const uploadNotFound = () => notFound('The upload');

const FILE_KINDS: Record<UploadPurpose, string> = {
  submission: 'submission',
  course_document: 'course-document',
  wbt_package: 'wbt-package',
};

const expired = () =>
  new AppError(410, 'UPLOAD_EXPIRED', 'This upload has expired: please start it again.');

const inUse = () =>
  new AppError(
    423,
    'LOCKED',
    'This upload is receiving bytes in another request: try again in a moment.',
  );

const wrongOffset = (stored: number) =>
  new AppError(409, 'UPLOAD_OFFSET', `The upload is at byte ${stored}: send the rest from there.`);

/** The file name as handed in: its last path segment, trimmed, at most 255 characters. */
export function cleanFilename(raw: string | undefined): string {
  const name = (raw ?? '').split(/[\\/]/).pop()?.trim().slice(0, 255) ?? '';
  if (!name) throw badRequest('The file needs a name.', { filename: 'The file needs a name.' });
  if (textFault(name, { multiline: false }))
    throw badRequest('The file name contains a character that is not allowed.', {
      filename: 'The file name contains a character that is not allowed.',
    });
  return name;
}

/** tus `Upload-Metadata`: `key base64value` pairs separated by commas. */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key = '', value = '', extra] = pair.trim().split(' ');
    if (
      extra !== undefined ||
      !/^[A-Za-z0-9_.-]{1,64}$/.test(key) ||
      !/^[A-Za-z0-9+/=]*$/.test(value)
    )
      throw badRequest('The upload’s metadata is not valid tus metadata.');
    out[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

const positiveId = (value: string | undefined, field: string): number => {
  const n = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)
    throw badRequest(`The upload’s metadata needs ${field}.`, { [field]: VALIDATION.number });
  return n;
};

/** A file larger than a limit, named: “essay.pdf” is 30 MB: this task takes files of at most 25 MB. */
const tooLargeFor = (filename: string, size: number, limit: number, whose: string) => {
  const shown = sizesApart(size, limit);
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `“${filename}” is ${shown.size}: ${whose} at most ${shown.limit}.`,
  );
};

/** More bytes arrived than the upload announced when it was created. */
const pastDeclared = (upload: UploadRow, received: number) => {
  const shown = sizesApart(received, upload.declaredSize);
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `“${upload.filename}” is larger than its upload announced: at least ${shown.size} arrived for ${shown.limit} announced. Start the upload again.`,
  );
};

/** Creates an upload after the checks of its purpose; its id and expiry. */
export async function createUpload(
  deps: Deps,
  auth: AuthContext,
  purpose: UploadPurpose,
  input: { length: string | undefined; metadata: string | undefined; wbtMaxBytes?: number },
): Promise<UploadRow> {
  if (input.length === undefined || !/^\d{1,16}$/.test(input.length))
    throw badRequest('Upload-Length must say how many bytes the file has.', {
      uploadLength: VALIDATION.number,
    });
  const length = Number(input.length);
  if (length === 0) throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  // The name first: a refusal of the size says which file it is.
  const metadata = parseMetadata(input.metadata);
  const filename = cleanFilename(metadata.filename);
  // A training package's own limit (LANTERN_WBT_MAX_BYTES), before a byte is sent.
  const wbtMax = input.wbtMaxBytes ?? MAX_UPLOAD_BYTES;
  if (purpose === 'wbt_package' && length > wbtMax)
    throw tooLargeFor(filename, length, wbtMax, 'a training package may be');
  if (length > MAX_UPLOAD_BYTES)
    throw tooLargeFor(filename, length, MAX_UPLOAD_BYTES, 'a file may be');

  let itemId: number | null = null;
  let courseId: number | null = null;
  if (purpose === 'submission') {
    itemId = positiveId(metadata.itemId, 'itemId');
    const task = await assertMaySubmit(deps.db, auth, itemId);
    const limits = submissionFileRules(task.kind, task.settings);
    if (!limits) throw badRequest('This task takes text, not files.', { file: VALIDATION.file });
    if (length > limits.maxFileBytes)
      throw tooLargeFor(filename, length, limits.maxFileBytes, 'this task takes files of');
    courseId = task.courseId;
  } else {
    courseId = positiveId(metadata.courseId, 'courseId');
    await loadCourseToAuthor(deps.db, auth, courseId);
  }

  const ownerId = auth.user.jwlId;
  return deps.db.transaction(async (tx) => {
    // One person's creations one at a time, so two at once cannot both pass the limit.
    await repo.lockOwnerUploads(tx, ownerId);
    if ((await repo.countUnfinished(tx, ownerId)) >= MAX_UNFINISHED_UPLOADS)
      throw new AppError(
        409,
        'CONFLICT',
        `You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads: finish or cancel one first.`,
      );
    return repo.insertUpload(tx, {
      ownerId,
      purpose,
      itemId,
      courseId,
      filename,
      declaredSize: length,
      storageKey: deps.files.newKey(),
    });
  });
}

/** The caller's upload for HEAD: 404 if not theirs, 410 once expired. */
export async function uploadStatus(
  deps: Deps,
  auth: AuthContext,
  purpose: UploadPurpose,
  id: string,
): Promise<UploadRow> {
  const upload = await repo.findOwnUpload(deps.db, id, auth.user.jwlId, purpose);
  if (!upload) throw uploadNotFound();
  if (upload.expired) throw expired();
  return upload;
}

export type Received = { offset: number; expiresAt: Date; fileId: string | null };

/**
 * One PATCH: takes the lease, appends the body at `offset` (what arrives before a dropped link
 * is kept), frees the lease with the new offset, and on the last byte completes the upload.
 */
export async function receive(
  deps: Deps,
  hashes: RunningHashes,
  auth: AuthContext,
  purpose: UploadPurpose,
  id: string,
  offset: number,
  body: Readable,
): Promise<Received> {
  const found = await repo.findOwnUpload(deps.db, id, auth.user.jwlId, purpose);
  if (!found) throw uploadNotFound();
  if (found.expired) throw expired();
  if (found.completed) throw wrongOffset(found.offset);
  if (found.offset !== offset) throw wrongOffset(found.offset);
  const token = randomUUID();
  const upload = await repo.takeLease(deps.db, id, auth.user.jwlId, offset, token);
  if (!upload) {
    const now = await repo.findOwnUpload(deps.db, id, auth.user.jwlId, purpose);
    if (now?.leased) throw inUse();
    throw wrongOffset(now?.offset ?? offset);
  }
  const renew = setInterval(() => {
    repo.renewLease(deps.db, id, token).catch(() => undefined);
  }, repo.LEASE_RENEW_MS);
  renew.unref();
  let reached: number;
  let hash: Hash;
  try {
    hash = await hashes.at(deps.files, upload);
    reached = await deps.files.append(
      upload.storageKey,
      offset,
      body,
      upload.declaredSize,
      (chunk) => hash.update(chunk),
    );
  } catch (error) {
    // The store cut the file back to `offset` (or wrote nothing): the upload stays there.
    hashes.drop(id);
    await repo.releaseLease(deps.db, id, token, offset);
    if (error instanceof TooLarge) throw pastDeclared(upload, error.received);
    throw error;
  } finally {
    clearInterval(renew);
  }
  if (reached < upload.declaredSize) {
    hashes.keep(id, reached, hash);
    const expiresAt = await repo.releaseLease(deps.db, id, token, reached);
    if (!expiresAt) throw inUse();
    return { offset: reached, expiresAt, fileId: null };
  }
  return complete(deps, auth.user.jwlId, upload, token, hash);
}

/** The accepted types of an upload's purpose (a task's, read again now). */
async function acceptedTypes(db: Db, upload: UploadRow): Promise<FileTypeKey[]> {
  if (upload.purpose === 'course_document') return [...DOCUMENT_FILE_TYPES];
  if (upload.purpose === 'wbt_package') return ['zip'];
  if (upload.itemId === null) return [];
  const task = await repo.taskSettings(db, upload.itemId);
  const rules = task ? submissionFileRules(task.kind, task.settings) : null;
  return (rules?.accept ?? []).filter((key) => FILE_TYPE_KEYS.includes(key));
}

/** The last byte is in: judge the bytes, then record the file, or refuse and remove them. */
async function complete(
  deps: Deps,
  ownerId: number,
  upload: UploadRow,
  token: string,
  hash: Hash,
): Promise<Received> {
  const accept = await acceptedTypes(deps.db, upload);
  const sniffed = await sniffStored(deps.files, upload.storageKey, upload.declaredSize, accept);
  if (!sniffed) {
    await repo.deleteUpload(deps.db, upload.id);
    await deps.files.remove(upload.storageKey);
    const detail =
      upload.purpose === 'wbt_package'
        ? `${VALIDATION.file}: this one is not a ZIP archive.`
        : `${VALIDATION.file}: this one is none of ${fileTypesText(accept)}.`;
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', detail, {
      fields: { file: VALIDATION.file },
    });
  }
  const sha256 = hash.digest('hex');
  const done = await deps.db.transaction(async (tx) => {
    const fileId = await insertFile(tx, {
      ownerId,
      kind: FILE_KINDS[upload.purpose],
      mime: sniffed.mime,
      size: upload.declaredSize,
      sha256,
      storageKey: upload.storageKey,
    });
    const expiresAt = await repo.completeUpload(tx, upload.id, token, upload.declaredSize, fileId);
    if (!expiresAt) tx.rollback();
    return { fileId, expiresAt: expiresAt ?? new Date() };
  });
  return { offset: upload.declaredSize, expiresAt: done.expiresAt, fileId: done.fileId };
}

/** tus termination: an unfinished upload and its bytes go; a finished one stays with its file. */
export async function terminate(
  deps: Deps,
  hashes: RunningHashes,
  auth: AuthContext,
  purpose: UploadPurpose,
  id: string,
): Promise<void> {
  const upload = await repo.findOwnUpload(deps.db, id, auth.user.jwlId, purpose);
  if (!upload) throw uploadNotFound();
  if (upload.leased) throw inUse();
  if (upload.completed)
    throw new AppError(
      409,
      'CONFLICT',
      'This upload is complete: remove the file from your work instead.',
    );
  await repo.deleteUpload(deps.db, id);
  await deps.files.remove(upload.storageKey);
  hashes.drop(id);
}

/** Removes unfinished uploads past their expiry, bytes first; how many went. */
export async function sweepUploads(deps: Deps, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await repo.expiredUploads(deps.db, batch);
    for (const upload of due) {
      await deps.files.remove(upload.storageKey);
      await repo.deleteUpload(deps.db, upload.id);
    }
    removed += due.length;
    if (due.length < batch) return removed;
  }
}

/**
 * Removes completed uploads whose file nothing used within UNATTACHED_UPLOAD_DAYS: their rows
 * first (a file still referenced keeps both), then the bytes. How many went.
 */
export async function sweepUnattachedUploads(deps: Deps, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await repo.unattachedUploads(deps.db, batch);
    let kept = 0;
    for (const upload of due) {
      if (await repo.deleteUnattached(deps.db, upload.id, upload.fileId)) {
        await deps.files.remove(upload.storageKey);
        removed += 1;
      } else kept += 1;
    }
    // A kept file was taken meanwhile and is not found again; stopping then only guards a loop.
    if (due.length < batch || kept > 0) return removed;
  }
}
