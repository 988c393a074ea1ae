import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Launch tokens of the content origin (decision 0020 §2.3): `base64url(packageId.expiresDay.mac)`,
 * mac the first 16 bytes of HMAC-SHA256(content_secret, `packageId.expiresDay`). A token says
 * only "this package may be read" until the end of `expiresDay` (UTC); it is issued 14 days
 * ahead, so one day's token is the same for everyone and caches.
 */

export const TOKEN_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest().subarray(0, 16);

/** The token for a package, valid to the end of the day TOKEN_DAYS from `now`. */
export function issueContentToken(
  secret: string,
  packageId: number,
  now = Date.now(),
): { token: string; expiresAt: string } {
  const day = dayOf(now + TOKEN_DAYS * DAY_MS);
  const body = `${packageId}.${day}`;
  const token = Buffer.concat([Buffer.from(`${body}.`), mac(secret, body)]).toString('base64url');
  const expiresAt = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T23:59:59.999Z`;
  return { token, expiresAt };
}

/** The package a token lets one read, or null (bad, forged or past its day). */
export function verifyContentToken(secret: string, token: string, now = Date.now()): number | null {
  if (token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  const second = raw.indexOf(0x2e, raw.indexOf(0x2e) + 1);
  if (second < 0) return null;
  const body = raw.subarray(0, second).toString('latin1');
  const given = raw.subarray(second + 1);
  const match = /^(\d{1,10})\.(\d{8})$/.exec(body);
  if (!match || given.length !== 16) return null;
  if (!timingSafeEqual(given, mac(secret, body))) return null;
  const [, id = '', day = ''] = match;
  if (day < dayOf(now)) return null;
  const packageId = Number(id);
  return Number.isSafeInteger(packageId) && packageId > 0 ? packageId : null;
}
