import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileSize } from '@lantern/contracts/uploads';
import { AppError } from '../lib/errors';
import { hmac, newToken, safeEqual } from '../lib/tokens';

/** How long a signed link to a protected file works. */
export const SIGNED_LINK_TTL_SECONDS = 60 * 60;

/** What `put` stored: its key, its length and the SHA-256 of its bytes (hex). */
export type StoredFile = { storageKey: string; size: number; sha256: string };

/** Bytes `start` to `end`, both included (as HTTP ranges count them). */
export type ByteRange = { start: number; end: number };

/**
 * Where files live (decision 0019, "Files and uploads"). Everything streams: nothing here holds
 * a whole file in memory, so a 512 MB upload costs a few buffers. The local folder is the
 * default; an S3 driver implements the same calls later, with no change to callers.
 */
export type FileStore = {
  /**
   * Stores a stream (or a small buffer) under a new random key, hashing it while it is
   * written under a temporary name; renamed into place only when whole. More than `maxBytes`
   * is a 413 and leaves nothing behind.
   */
  put: (data: Readable | Buffer, options?: { maxBytes?: number }) => Promise<StoredFile>;
  /** A stream of the file, or of the range; rejects when the key is unknown. */
  get: (storageKey: string, range?: ByteRange) => Promise<Readable>;
  /**
   * Writes a stream at `offset` of a growing file (a resumable upload; offset 0 creates it) and
   * answers the new length. A source that breaks off keeps what arrived (a resumed upload goes
   * on from there); a file shorter than `offset` is 409 `UPLOAD_OFFSET`, a longer one is cut
   * back to it (the caller's record of the offset is the truth); going past
   * `maxBytes` is 413 and cuts the file back to `offset`. `onData` sees each chunk written, in
   * order (the caller's running checksum).
   */
  append: (
    storageKey: string,
    offset: number,
    data: Readable,
    maxBytes: number,
    onData?: (chunk: Buffer) => void,
  ) => Promise<number>;
  /** The stored length, or null when there is no such file. */
  size: (storageKey: string) => Promise<number | null>;
  /** A new key for a file that `append` will grow. */
  newKey: () => string;
  remove: (storageKey: string) => Promise<void>;
  /**
   * A short-lived link to a protected file, e.g. a profile photo shown in an <img>. `inline`
   * (signed into the link) lets the file show in the page when its type allows it.
   */
  signedUrl: (fileId: string, options?: { inline?: boolean; now?: number }) => string;
  verify: (
    fileId: string,
    link: { expires: number; signature: string; inline: boolean },
    now?: number,
  ) => boolean;
};

/** Reads a stored file whole: only for files known to be small (images, sheets, PDFs made here). */
export async function readWhole(store: FileStore, storageKey: string): Promise<Buffer> {
  return buffer(await store.get(storageKey));
}

/** The SHA-256 of a stored file, or of its first `length` bytes, read as a stream. */
export async function hashStored(store: FileStore, storageKey: string, length: number) {
  const hash = createHash('sha256');
  if (length === 0) return hash;
  for await (const chunk of await store.get(storageKey, { start: 0, end: length - 1 }))
    hash.update(chunk as Buffer);
  return hash;
}

/**
 * More bytes than `limit`: at least `received` arrived. A caller that knows the file's name
 * says it in its own sentence (a resumable upload's overflow); others keep this one.
 */
export class TooLarge extends AppError {
  constructor(
    readonly limit: number,
    readonly received: number,
  ) {
    super(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${fileSize(limit)}.`);
  }
}

export const tooLarge = (maxBytes: number, received = maxBytes + 1): TooLarge =>
  new TooLarge(maxBytes, received);

/** Files in a folder under the data directory, each under a random name. */
export function createFileStore(options: { dir: string; secret: string }): FileStore {
  const sign = (fileId: string, expires: number, inline: boolean) =>
    hmac(options.secret, `${fileId}.${expires}${inline ? '.inline' : ''}`);
  // Keys are made here (letters, digits, - and _); anything else is stripped, so a key can
  // never reach outside the folder.
  const pathOf = (key: string) => join(options.dir, key.replace(/[^A-Za-z0-9_-]/g, ''));
  const tmpDir = join(options.dir, '.tmp');
  let ready: Promise<unknown> | null = null;
  const ensureDirs = () => (ready ??= mkdir(tmpDir, { recursive: true }));

  return {
    put: async (data, putOptions = {}) => {
      await ensureDirs();
      const maxBytes = putOptions.maxBytes ?? Number.POSITIVE_INFINITY;
      const key = newToken();
      const temporary = join(tmpDir, key);
      const hash = createHash('sha256');
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      const handle = await open(temporary, 'wx');
      let size = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer | string>) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          size += bytes.length;
          if (size > maxBytes) throw tooLarge(maxBytes, size);
          hash.update(bytes);
          await handle.write(bytes);
        }
        await handle.close();
        await rename(temporary, pathOf(key));
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temporary, { force: true });
        // The rest of an over-long body is read and dropped, so the request can be answered.
        if (!Buffer.isBuffer(data)) data.resume();
        throw error;
      }
      return { storageKey: key, size, sha256: hash.digest('hex') };
    },

    get: async (key, range) => {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },

    append: async (key, offset, data, maxBytes, onData) => {
      await ensureDirs();
      const path = pathOf(key);
      const current = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (current === null ? offset !== 0 : current < offset) {
        data.resume();
        throw offsetConflict(current ?? 0);
      }
      const handle = await open(path, current === null ? 'wx' : 'r+');
      // Longer than the caller's record: bytes written before a crash kept the record from
      // being updated. The record is the truth; the client sends them again.
      if (current !== null && current > offset) await handle.truncate(offset);
      let position = offset;
      try {
        // A client that breaks off mid-body ends this loop with an error from the source: what
        // was written stays, and the client resumes from the length it then asks for.
        const iterator = (data as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await iterator.next();
          } catch {
            break;
          }
          if (next.done) break;
          const chunk = next.value;
          if (position + chunk.length > maxBytes) {
            data.resume();
            await handle.truncate(offset);
            throw tooLarge(maxBytes, position + chunk.length);
          }
          await handle.write(chunk, 0, chunk.length, position);
          position += chunk.length;
          onData?.(chunk);
        }
        await handle.datasync();
      } finally {
        await handle.close();
      }
      return position;
    },

    size: (key) =>
      stat(pathOf(key)).then(
        (s) => s.size,
        () => null,
      ),

    newKey: () => newToken(),

    remove: (key) => rm(pathOf(key), { force: true }),

    signedUrl: (fileId, linkOptions = {}) => {
      const now = linkOptions.now ?? Date.now();
      const inline = linkOptions.inline === true;
      // Rounded to the minute so the same link is reused (and cached) for a while.
      const expires = Math.floor(now / 60_000) * 60 + SIGNED_LINK_TTL_SECONDS;
      return `/api/files/${fileId}?expires=${expires}${inline ? '&inline=1' : ''}&signature=${sign(fileId, expires, inline)}`;
    },

    verify: (fileId, link, now = Date.now()) =>
      link.expires * 1000 > now &&
      safeEqual(sign(fileId, link.expires, link.inline), link.signature),
  };
}

export function offsetConflict(stored: number): AppError {
  return new AppError(
    409,
    'UPLOAD_OFFSET',
    `The upload is at byte ${stored}: send the rest from there.`,
  );
}
