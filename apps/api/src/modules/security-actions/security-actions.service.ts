import {
  SECURITY_TEXTS,
  type SecurityActionInput,
  type SecurityPreview,
  type SecurityRun,
  type SecurityRunInput,
} from '@lantern/contracts/security-actions';
import type { Db } from '@lantern/db/client';
import { auditActor } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './security-actions.repository';
import {
  assertSuperAdminSurvives,
  grantsFor,
  isSuperAdminPerson,
  type Grants,
} from '../../lib/grants';

/** A forced reset's link stays open as long as an invitation: the person may read mail rarely. */
const FORCED_RESET_TTL_DAYS = 14;

type Candidate = repo.Candidate;

/** Why the action does not apply to this person, or null when it does. */
function skipReason(
  input: SecurityActionInput,
  c: Candidate,
  auth: AuthContext,
  grants: Grants,
): string | null {
  if (!c.found) return SECURITY_TEXTS.unknown;
  if (c.removed) return SECURITY_TEXTS.removed;
  if (c.id === auth.realUser.jwlId || c.id === auth.user.jwlId) return SECURITY_TEXTS.self;
  const target = { systemRole: c.system_role ?? 'user', roles: c.roles, clcIds: c.clc_ids };
  if (grants.personRefusal(target)) return SECURITY_TEXTS.superAdmin;
  // The grant rule (decision 0015): removing a role is a grant; the rest touch the account.
  const refusal =
    input.action === 'remove_role'
      ? grants.rolesChangeRefusal(target, { roles: c.roles.filter((r) => r !== input.roleKey) })
      : grants.identityRefusal(target);
  if (refusal) return refusal;
  switch (input.action) {
    case 'lock':
      return c.status === 'locked' ? SECURITY_TEXTS.alreadyLocked : null;
    case 'unlock':
      return c.status !== 'locked' ? SECURITY_TEXTS.notLocked : null;
    case 'force_password_reset':
      return c.email ? null : SECURITY_TEXTS.noEmail;
    case 'revoke_sessions':
      return c.open_sessions > 0 ? null : SECURITY_TEXTS.noSessions;
    case 'remove_role':
      return c.holds_role ? null : SECURITY_TEXTS.noRole;
  }
}

function validate(input: SecurityActionInput): void {
  if (input.action === 'remove_role' && !input.roleKey)
    throw badRequest(SECURITY_TEXTS.roleRequired, { roleKey: SECURITY_TEXTS.roleRequired });
  const { selection } = input;
  if (
    selection.mode === 'filter' &&
    (selection.signedIn === 'before' || selection.signedIn === 'since') &&
    !selection.date
  )
    throw badRequest(SECURITY_TEXTS.dateRequired, { date: SECURITY_TEXTS.dateRequired });
}

async function split(db: Db, auth: AuthContext, input: SecurityActionInput) {
  validate(input);
  const all = await repo.candidates(db, input);
  const grants = await grantsFor(db, auth);
  const affected: Candidate[] = [];
  const skipped: { id: number; name: string | null; reason: string }[] = [];
  for (const c of all) {
    const reason = skipReason(input, c, auth, grants);
    if (reason === null) affected.push(c);
    else skipped.push({ id: c.id, name: c.name, reason });
  }
  return { all, affected, skipped };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function preview(
  deps: Deps,
  auth: AuthContext,
  input: SecurityActionInput,
): Promise<SecurityPreview> {
  const { all, affected, skipped } = await split(deps.db, auth, input);
  return {
    matched: all.length,
    affected: affected.length,
    examples: affected.slice(0, 20).map((c) => ({
      id: c.id,
      name: c.name ?? '',
      username: c.username ?? '',
      email: c.email,
      status: c.status ?? '',
      lastSignInAt: iso(c.last_sign_in_at),
    })),
    skippedCount: skipped.length,
    skipped: skipped.slice(0, 100),
  };
}

function resetMail(c: Candidate, link: string): string {
  return [
    `Hello ${c.name ?? ''},`,
    '',
    `An administrator has reset the password of your Lantern account "${c.username ?? ''}".`,
    'Your old password no longer works, and you have been signed out everywhere.',
    `Open this link within ${String(FORCED_RESET_TTL_DAYS)} days to choose a new password:`,
    '',
    link,
    '',
    'If the link has expired, ask for a new one with "Forgot password" on the sign-in page.',
  ].join('\n');
}

/**
 * Applies the action to exactly the people the preview counted, in one transaction, with an
 * audit row per person. A selection that no longer counts the same is refused: preview again.
 */
export async function run(
  deps: Deps,
  auth: AuthContext,
  input: SecurityRunInput,
): Promise<SecurityRun> {
  const { result, mailIds } = await deps.db.transaction(async (tx) => {
    // The people locked, then read again: a role given to one of them by a transaction still
    // open is seen once it commits, and none is given until this one ends (the person forms and
    // a cleanup restore write the person's row with their roles; an applicant import adds only
    // STUDENT), so the grant rule is checked on the roles the action meets.
    const seen = await split(tx, auth, input);
    await repo.lockUsers(
      tx,
      seen.all.map((c) => c.id),
    );
    const { affected, skipped } = await split(tx, auth, input);
    if (affected.length !== input.expectedCount)
      throw new AppError(
        409,
        'CONFLICT',
        SECURITY_TEXTS.changed(affected.length, input.expectedCount),
      );
    if (affected.length === 0) throw badRequest(SECURITY_TEXTS.nothing);
    const ids = affected.map((c) => c.id);
    const revoke = (reason: string) => repo.revokeSessions(tx, ids, reason);
    let queued: number[] = [];
    const details: Record<string, unknown> = {};
    switch (input.action) {
      case 'lock':
        await repo.setStatus(tx, ids, 'locked');
        await revoke('locked');
        details.status = { from: 'active', to: 'locked' };
        break;
      case 'unlock':
        await repo.setStatus(tx, ids, 'active');
        // Unlocked people start with a clean slate of failed sign-ins.
        await repo.clearLoginFailures(tx, ids);
        details.status = { from: 'locked', to: 'active' };
        break;
      case 'revoke_sessions':
        await revoke('signed out by an administrator');
        break;
      case 'remove_role':
        await repo.removeRole(tx, ids, input.roleKey ?? '');
        details.role = input.roleKey;
        break;
      case 'force_password_reset': {
        await repo.clearPasswords(tx, ids);
        await revoke('password reset by an administrator');
        await repo.useUpResetTokens(tx, ids);
        const tokens = affected.map(() => newToken());
        const expires = new Date(Date.now() + FORCED_RESET_TTL_DAYS * 86_400_000).toISOString();
        await repo.insertResetTokens(tx, ids, tokens.map(hashToken), expires);
        queued = await repo.queueResetMails(
          tx,
          ids,
          affected.map((c) => c.email),
          affected.map((c, i) =>
            resetMail(c, `${deps.config.publicUrl}/en/set-new-password#token=${tokens[i] ?? ''}`),
          ),
        );
        break;
      }
    }
    const touchesSuperAdmin = affected.some((c) =>
      isSuperAdminPerson({ systemRole: c.system_role ?? 'user', roles: c.roles }),
    );
    if (touchesSuperAdmin && (input.action === 'lock' || input.action === 'remove_role'))
      await assertSuperAdminSurvives(tx);
    const who = auditActor(auth);
    await repo.auditEach(tx, ids, who, `user.security.${input.action}`, {
      ...details,
      reason: input.reason ?? null,
      batch: affected.length,
    });
    return {
      result: {
        affected: affected.length,
        skippedCount: skipped.length,
        skipped: skipped.slice(0, 100),
      },
      mailIds: queued,
    };
  });
  deps.mailer.dispatch(mailIds);
  return result;
}
