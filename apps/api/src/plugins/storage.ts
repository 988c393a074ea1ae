import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hmac, newToken, safeEqual } from '../lib/tokens';

/** How long a signed link to a protected file works. */
export const SIGNED_LINK_TTL_SECONDS = 60 * 60;

export type FileStore = {
  put: (data: Buffer) => Promise<string>;
  remove: (storageKey: string) => Promise<void>;
  get: (storageKey: string) => Promise<Buffer>;
  /** A short-lived link to a protected file, e.g. a profile photo shown in an <img>. */
  signedUrl: (fileId: string, now?: number) => string;
  verify: (fileId: string, expires: number, signature: string, now?: number) => boolean;
};

/** Files in a folder under the data directory, each under a random name. */
export function createFileStore(options: { dir: string; secret: string }): FileStore {
  const sign = (fileId: string, expires: number) => hmac(options.secret, `${fileId}.${expires}`);
  return {
    put: async (data) => {
      await mkdir(options.dir, { recursive: true });
      const key = newToken();
      await writeFile(join(options.dir, key), data, { flag: 'wx' });
      return key;
    },
    remove: (key) => rm(join(options.dir, key.replace(/[^A-Za-z0-9_-]/g, '')), { force: true }),
    get: (key) => readFile(join(options.dir, key.replace(/[^A-Za-z0-9_-]/g, ''))),
    signedUrl: (fileId, now = Date.now()) => {
      // Rounded to the minute so the same link is reused (and cached) for a while.
      const expires = Math.floor(now / 60_000) * 60 + SIGNED_LINK_TTL_SECONDS;
      return `/api/files/${fileId}?expires=${expires}&signature=${sign(fileId, expires)}`;
    },
    verify: (fileId, expires, signature, now = Date.now()) =>
      expires * 1000 > now && safeEqual(sign(fileId, expires), signature),
  };
}
