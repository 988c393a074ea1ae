import { and, eq, isNull, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_DAYS } from '@lantern/contracts/constants';
import type { TokenPair } from '@lantern/contracts/auth';
import type { Db } from '@lantern/db/client';
import { refreshTokens, sessions } from '@lantern/db/schema/access';
import { hashToken, newToken } from './tokens';
import { rows } from './sql';
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
 * Starts a sign-in in one statement (on PGlite's one connection round trips are what cost), a
 * function whose plans the connection keeps (0017): planning the statement cost more than
 * running it. The session keeps the role the user chose last (else their first), so that a
 * choice on one device does not change another's. For a sign-in proper it also records the
 * time, clears the account's failed attempts when there were any, and writes the audit row.
 */
export async function startSession(
  deps: Pick<Deps, 'signAccessToken'>,
  db: Db,
  options: {
    userId: number;
    ip: string;
    userAgent: string | null;
    signIn?: { username: string; clearFailures: boolean };
  },
): Promise<TokenPair & { sessionId: string }> {
  const { userId, ip, signIn } = options;
  const refresh = newToken();
  const [session] = await rows<{ id: string | null }>(
    db,
    sql`select auth_start_session(${userId}, ${ip}, ${options.userAgent?.slice(0, 300) ?? null},
      ${hashToken(refresh)}, ${refreshExpiry().toISOString()}::timestamptz,
      ${signIn?.username ?? null}, ${signIn?.clearFailures ?? false}) as id`,
  );
  if (!session?.id) throw new Error('The session could not be started.');
  return {
    sessionId: session.id,
    token: deps.signAccessToken({ sub: userId, sid: session.id }),
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
