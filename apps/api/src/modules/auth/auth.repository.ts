import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { LOGIN_WINDOW_MINUTES } from '@lantern/contracts/constants';
import type { Db } from '@lantern/db/client';
import {
  loginFailures,
  passwordResetTokens,
  refreshTokens,
  sessions,
} from '@lantern/db/schema/access';
import { users } from '@lantern/db/schema/people';
import type { UserStatus } from '@lantern/contracts/enums';
import { rows } from '../../lib/sql';

const windowStart = () => sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`;

/**
 * The account to sign in, with the failed attempts in the window for it and for the address
 * (and when the oldest of each leaves the window), in one round trip.
 */
export async function findSignInCandidate(db: Db, username: string, ip: string) {
  const [row] = await rows<{
    jwl_id: number | null;
    password_hash: string | null;
    status: UserStatus | null;
    by_account: number;
    by_address: number;
    oldest_account: Date | string | null;
    oldest_address: Date | string | null;
  }>(
    db,
    // A function, so that its plan is kept for the connection's life (0017).
    sql`select * from auth_sign_in_candidate(${username}, ${ip}, ${windowStart()})`,
  );
  return {
    jwlId: row?.jwl_id ?? null,
    passwordHash: row?.password_hash ?? null,
    status: row?.status ?? null,
    byAccount: row?.by_account ?? 0,
    byAddress: row?.by_address ?? 0,
    oldestAccount: row?.oldest_account ?? null,
    oldestAddress: row?.oldest_address ?? null,
  };
}

export async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ username, ip });
}

/** A refresh token by its hash, with its session and user, for rotation. */
export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.jwlId, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
export async function consumeRefreshToken(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return used.length === 1;
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Accounts a reset may be sent for: by username, or every account sharing the e-mail. */
export async function findAccountsForReset(db: Db, usernameOrEmail: string) {
  const value = usernameOrEmail.toLowerCase();
  return db
    .select({
      jwlId: users.jwlId,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
    .limit(20);
}

export async function countRecentResetMails(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** The user of an unused, unexpired reset token, without using it. */
export async function findOpenResetToken(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return row?.userId ?? null;
}

/** Uses a reset token once; the user id when it was valid, else null. */
export async function consumeResetToken(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Other open links of the user stop working once one was used. */
export async function expireResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function findAccountById(db: Db, userId: number) {
  return db
    .select({
      jwlId: users.jwlId,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(eq(users.jwlId, userId));
}
