import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
} from '@lantern/contracts/constants';
import type { TokenPair } from '@lantern/contracts/auth';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { hashPassword, verifyPassword } from '@lantern/db/passwords';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { grantsFor, loadGrantTarget } from '../../lib/grants';
import type { AuthContext } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import {
  issueRefreshToken,
  revokeAllSessions,
  revokeSession,
  startSession,
} from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './auth.repository';
import { setPasswordHash } from '../../lib/people';

/** Verified against when the account does not exist, so both answers take as long. */
const DUMMY_HASH = await hashPassword('lantern-timing-equaliser');

export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Invalid credentials.');

const invalidRefresh = () =>
  new AppError(401, 'TOKEN_INVALID', 'This sign-in is no longer valid. Please sign in again.');

function tooMany(oldest: Date | string | null): AppError {
  // A raw aggregate comes back as text from one driver and as a Date from the other.
  const since = oldest ? new Date(oldest).getTime() : Date.now();
  const until = new Date(since + LOGIN_WINDOW_MINUTES * 60_000);
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const at = until.toISOString().slice(11, 16);
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${at} UTC).`,
    { retryAfterSeconds: seconds },
  );
}

export async function signIn(
  deps: Deps,
  input: { username: string; password: string; ip: string; userAgent: string | null },
): Promise<TokenPair> {
  const username = input.username.trim().toLowerCase();
  const found = await repo.findSignInCandidate(deps.db, username, input.ip);
  if (found.byAccount >= LOGIN_MAX_FAILURES_PER_ACCOUNT) throw tooMany(found.oldestAccount);
  if (found.byAddress >= LOGIN_MAX_FAILURES_PER_ADDRESS) throw tooMany(found.oldestAddress);

  const valid = found.passwordHash
    ? await verifyPassword(found.passwordHash, input.password)
    : (await verifyPassword(DUMMY_HASH, input.password)) && false;
  if (found.jwlId === null || !valid) {
    await repo.recordFailure(deps.db, username, input.ip);
    throw invalidCredentials();
  }
  if (found.status === 'locked') {
    throw new AppError(401, 'LOCKED', 'This account is locked. Please contact the helpdesk.');
  }
  const pair = await startSession(deps, deps.db, {
    userId: found.jwlId,
    ip: input.ip,
    userAgent: input.userAgent,
    signIn: { username, clearFailures: found.byAccount > 0 },
  });
  return { token: pair.token, refresh_token: pair.refresh_token };
}

/**
 * Rotates a refresh token. A token used twice means it was stolen or replayed: the whole
 * sign-in (its family) ends.
 */
export async function refresh(deps: Deps, refreshToken: string, ip: string): Promise<TokenPair> {
  const found = await repo.findRefreshToken(deps.db, hashToken(refreshToken));
  if (!found) throw invalidRefresh();
  if (found.revokedAt || found.status === 'locked') throw invalidRefresh();
  const replayed = async () => {
    await deps.db.transaction(async (tx) => {
      await revokeSession(tx, found.sessionId, 'refresh token replayed');
      await audit(
        tx,
        null,
        {
          action: 'auth.refresh_replayed',
          entityType: 'session',
          entityId: found.sessionId,
          changes: { userId: found.userId },
        },
        ip,
      );
    });
    return invalidRefresh();
  };
  if (found.usedAt) throw await replayed();
  if (found.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
  const next = await deps.db.transaction(async (tx) => {
    if (!(await repo.consumeRefreshToken(tx, found.id))) return null;
    await repo.touchSession(tx, found.sessionId);
    return issueRefreshToken(tx, found.sessionId);
  });
  if (!next) throw await replayed();
  return {
    token: deps.signAccessToken({ sub: found.userId, sid: found.sessionId }),
    refresh_token: next,
  };
}

/**
 * Sign-out: ends every sign-in of the user the refresh token belongs to (issue 2: sign-out
 * revokes every refresh token of that user). Unknown or dead tokens are ignored.
 */
export async function signOut(deps: Deps, refreshToken: string, ip: string): Promise<void> {
  const found = await repo.findRefreshToken(deps.db, hashToken(refreshToken));
  if (!found || found.revokedAt) return;
  await deps.db.transaction(async (tx) => {
    const ended = await revokeAllSessions(tx, found.userId, 'signed out');
    await audit(
      tx,
      null,
      {
        action: 'auth.sign_out',
        entityType: 'user',
        entityId: found.userId,
        changes: { sessionsEnded: ended },
      },
      ip,
    );
  });
}

export const FORGOT_PASSWORD_MESSAGE =
  'If an account matches what you entered, a link to set a new password is on its way to the e-mail address we have for it.';

/** Sends a one-time link to every account matching; answers the same whether any exists. */
export async function startPasswordReset(
  deps: Deps,
  input: { usernameOrEmail: string; ip: string },
): Promise<void> {
  const accounts = await repo.findAccountsForReset(deps.db, input.usernameOrEmail.trim());
  const mailIds: number[] = [];
  for (const account of accounts) {
    if (!account.email) continue;
    // At most three links an hour per account, so the form cannot be used to flood an inbox.
    if ((await repo.countRecentResetMails(deps.db, account.jwlId)) >= 3) continue;
    const token = newToken();
    const link = `${deps.config.publicUrl}/en/set-new-password#token=${token}`;
    const id = await deps.db.transaction(async (tx) => {
      await repo.insertResetToken(
        tx,
        account.jwlId,
        hashToken(token),
        new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      );
      await audit(
        tx,
        null,
        { action: 'auth.password_reset_requested', entityType: 'user', entityId: account.jwlId },
        input.ip,
      );
      return deps.mailer.enqueue(tx, {
        to: account.email ?? '',
        toUserId: account.jwlId,
        kind: 'password-reset',
        subject: 'Set a new password for Lantern',
        text: [
          `Hello ${account.firstName},`,
          '',
          `Someone asked to set a new password for the Lantern account "${account.username}".`,
          `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
          '',
          link,
          '',
          'If it was not you, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    });
    mailIds.push(id);
  }
  // Not awaited: the answer must take as long whether or not a mail went out.
  deps.mailer.dispatch(mailIds);
}

export const RESET_DONE_MESSAGE = 'Your new password is set. You can sign in with it now.';

/** Tokens are 43 characters (32 random bytes, base64url); anything far off is no link of ours. */
const isTokenShaped = (token: string) => token.length >= 10 && token.length <= 256;

/** Whether a reset link still works: asked when its page opens, so a dead link says so first. */
export async function isResetTokenOpen(deps: Deps, token: string): Promise<boolean> {
  return (
    isTokenShaped(token) && (await repo.findOpenResetToken(deps.db, hashToken(token))) !== null
  );
}

export async function completePasswordReset(
  deps: Deps,
  input: { token: string; password: string; ip: string },
): Promise<void> {
  // The token is checked before the (deliberately slow) hash, so a bad link costs nothing.
  const tokenHash = hashToken(input.token);
  const valid = await isResetTokenOpen(deps, input.token);
  const passwordHash = valid ? await hashPassword(input.password) : null;
  const done =
    passwordHash !== null &&
    (await deps.db.transaction(async (tx) => {
      const userId = await repo.consumeResetToken(tx, tokenHash);
      if (userId === null) return false;
      await setPasswordHash(tx, userId, passwordHash);
      await repo.expireResetTokens(tx, userId);
      await revokeAllSessions(tx, userId, 'password reset');
      await audit(
        tx,
        null,
        { action: 'auth.password_reset', entityType: 'user', entityId: userId },
        input.ip,
      );
      return true;
    }));
  if (!done) {
    throw new AppError(
      400,
      'TOKEN_INVALID',
      `${ERROR_TEXTS.invalidLink}. Please ask for a new one.`,
    );
  }
}

/**
 * A holder of PASSWORD_RESET__EDIT sends a person in their scope a link to set a new password
 * (the person's password keeps working until they use it). The grant rule of decision 0015
 * holds: the sender must be able to grant every role the person holds, else the link would
 * hand them the account.
 */
export async function sendPasswordResetLink(
  deps: Deps,
  auth: AuthContext,
  userId: number,
): Promise<{ message: string }> {
  const token = newToken();
  const sent = await deps.db.transaction(async (tx) => {
    const target = await loadGrantTarget(tx, userId);
    const grants = await grantsFor(tx, auth);
    const scope = grants.actor.scope;
    if (
      !target ||
      target.removed ||
      (scope !== null && !target.clcIds.some((id) => scope.includes(id)))
    )
      throw notFound('The person');
    grants.assertIdentity(target);
    const [account] = await repo.findAccountById(tx, userId);
    if (!account?.email) throw badRequest('This person has no e-mail address to send the link to.');
    if ((await repo.countRecentResetMails(tx, userId)) >= 3)
      throw new AppError(
        429,
        'TOO_MANY_ATTEMPTS',
        'Three links went out to this person in the last hour. Try again later.',
      );
    await repo.insertResetToken(
      tx,
      userId,
      hashToken(token),
      new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    );
    await audit(tx, auth, {
      action: 'user.password_reset_sent',
      entityType: 'user',
      entityId: userId,
    });
    const link = `${deps.config.publicUrl}/en/set-new-password#token=${token}`;
    const mailId = await deps.mailer.enqueue(tx, {
      to: account.email,
      toUserId: userId,
      kind: 'password-reset',
      subject: 'Set a new password for Lantern',
      text: [
        `Hello ${account.firstName},`,
        '',
        `A member of staff sent you a link to set a new password for the Lantern account "${account.username}".`,
        `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
        '',
        link,
        '',
        'If you did not ask for it, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
    return { mailId, email: account.email };
  });
  deps.mailer.dispatch([sent.mailId]);
  return { message: `A link to set a new password was sent to ${sent.email}.` };
}
