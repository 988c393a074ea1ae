import { and, eq, isNull, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_DAYS } from '@lantern/contracts/constants';
import type { TokenPair } from '@lantern/contracts/auth';
import type { Db } from '@lantern/db/client';
import { refreshTokens, sessions } from '@lantern/db/schema/access';
import { hashToken, newToken } from './tokens';
import type { Deps } from './deps';

const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);

/** Issues a refresh token in a session (the token family) and returns it. */
export async function issueRefreshToken(db: Db, sessionId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: hashToken(token), expiresAt: refreshExpiry() });
  return token;
}

/**
 * Starts a sign-in: the session keeps the role the user chose last (else their first), so that
 * a choice on one device does not change another's.
 */
export async function startSession(
  deps: Pick<Deps, 'signAccessToken'>,
  db: Db,
  options: { userId: number; ip: string; userAgent: string | null },
): Promise<TokenPair & { sessionId: string }> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: options.userId,
      ip: options.ip,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
      activeRoleKey: sql`(
        select coalesce(
          (select ur.role_key from user_roles ur join users u on u.jwl_id = ur.user_id
            where ur.user_id = ${options.userId} and ur.role_key = u.last_role_key),
          (select ur.role_key from user_roles ur join roles r on r.key = ur.role_key
            where ur.user_id = ${options.userId} order by r.sort_order, ur.role_key limit 1)
        ))`,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('The session could not be started.');
  const refresh = await issueRefreshToken(db, session.id);
  return {
    sessionId: session.id,
    token: deps.signAccessToken({ sub: options.userId, sid: session.id }),
    refresh_token: refresh,
  };
}

/** Ends every sign-in of a user (sign-out everywhere, password change, lock). */
export async function revokeAllSessions(db: Db, userId: number, reason: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
