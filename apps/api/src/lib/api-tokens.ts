import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARS,
} from '@lantern/contracts/bachelor-integration';
import type { Db } from '@lantern/db/client';
import type { Right } from '@lantern/contracts/rights';
import { rows } from './sql';

/**
 * Long-lived integration tokens (decision 0022, as built: integration). A token is
 * `lnt_` + 32 random bytes in base64url; only its sha256 is stored, so a leaked table opens
 * nothing. A token session reaches only the BA_API routes.
 */

/** The rights a token session may use: a token must not open the whole app. */
export const API_TOKEN_RIGHTS: ReadonlySet<Right> = new Set<Right>([
  'BA_API__DISPLAY',
  'BA_API__EDIT',
]);

/** last_used_at is written at most this often per token (no write on every call). */
export const LAST_USED_RESOLUTION_SECONDS = 60;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newApiToken(): { token: string; prefix: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, API_TOKEN_SHOWN_CHARS), hash: hashApiToken(token) };
}

/** Whether a bearer value is shaped like an API token (not a signed access token). */
export const looksLikeApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * The live token a bearer value names (not revoked, not expired), with its user's name; null
 * otherwise. Marks it used, at most once a minute.
 */
export async function findLiveApiToken(
  db: Db,
  bearer: string,
): Promise<{ id: number; username: string } | null> {
  if (!API_TOKEN_PATTERN.test(bearer)) return null;
  const [row] = await rows<{ id: number; username: string; stale: boolean }>(
    db,
    sql`select t.id, u.username,
          (t.last_used_at is null
            or t.last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})) as stale
        from api_tokens t join users u on u.jwl_id = t.user_id
        where t.token_hash = ${hashApiToken(bearer)} and t.revoked_at is null
          and (t.expires_at is null or t.expires_at > now())`,
  );
  if (!row) return null;
  if (row.stale)
    await db.execute(
      sql`update api_tokens set last_used_at = now() where id = ${row.id}
          and (last_used_at is null
            or last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))`,
    );
  return { id: row.id, username: row.username };
}
