import { sql, type SQL } from 'drizzle-orm';
import {
  SECURITY_TEXTS,
  type SecurityActionInput,
  type SecurityPreview,
  type SecurityRun,
  type SecurityRunInput,
  type SecuritySelection,
} from '@lantern/contracts/security-actions';
import type { Db } from '@lantern/db/client';
import { auditActor } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { intArray, jsonParam, rows, textArray } from '../../lib/sql';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import type { SystemRole } from '@lantern/contracts/enums';
import {
  assertSuperAdminSurvives,
  grantsFor,
  isSuperAdminPerson,
  type Grants,
} from '../../lib/grants';

/** A forced reset's link stays open as long as an invitation: the person may read mail rarely. */
const FORCED_RESET_TTL_DAYS = 14;

type Candidate = {
  id: number;
  found: boolean;
  name: string | null;
  username: string | null;
  email: string | null;
  status: string | null;
  last_sign_in_at: Date | string | null;
  removed: boolean;
  system_role: SystemRole | null;
  roles: string[];
  clc_ids: number[];
  open_sessions: number;
  holds_role: boolean;
};

/** The WHERE of a filter selection. */
function filterCondition(selection: Extract<SecuritySelection, { mode: 'filter' }>): SQL {
  const parts: SQL[] = [sql`true`];
  if (selection.role)
    parts.push(
      sql`exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = ${selection.role})`,
    );
  if (selection.clc)
    parts.push(
      sql`exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and uc.clc_id = ${selection.clc})`,
    );
  if (selection.status) parts.push(sql`u.status = ${selection.status}`);
  if (selection.signedIn === 'never') parts.push(sql`u.last_sign_in_at is null`);
  if (selection.signedIn === 'before' && selection.date)
    parts.push(sql`(u.last_sign_in_at is null or u.last_sign_in_at < ${selection.date}::date)`);
  if (selection.signedIn === 'since' && selection.date)
    parts.push(sql`u.last_sign_in_at >= ${selection.date}::date`);
  return sql.join(parts, sql` and `);
}

/** Everyone the selection finds, with what decides whether the action applies to them. */
async function candidates(db: Db, input: SecurityActionInput): Promise<Candidate[]> {
  const { selection } = input;
  const role = input.roleKey ?? '';
  const facts = sql`u.first_name || ' ' || u.last_name as name, u.username, u.email, u.status::text as status,
    u.last_sign_in_at, u.deleted_at is not null as removed,
    u.system_role,
    array(select ur.role_key from user_roles ur where ur.user_id = u.jwl_id order by ur.role_key) as roles,
    array(select uc.clc_id from user_clcs uc where uc.user_id = u.jwl_id order by uc.clc_id) as clc_ids,
    (select count(*)::int from sessions s where s.user_id = u.jwl_id and s.revoked_at is null) as open_sessions,
    exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = ${role}) as holds_role`;
  if (selection.mode === 'ids') {
    return rows<Candidate>(
      db,
      sql`select i.id, u.jwl_id is not null as found, ${facts}
            from unnest(${intArray([...new Set(selection.ids)])}) as i(id)
            left join users u on u.jwl_id = i.id
           order by i.id`,
    );
  }
  return rows<Candidate>(
    db,
    sql`select u.jwl_id as id, true as found, ${facts}
          from users u where ${filterCondition(selection)} and u.deleted_at is null
         order by u.jwl_id`,
  );
}

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
  const all = await candidates(db, input);
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
    await tx.execute(
      sql`select 1 from users where jwl_id = any(${intArray(seen.all.map((c) => c.id))})
          order by jwl_id for update`,
    );
    const { affected, skipped } = await split(tx, auth, input);
    if (affected.length !== input.expectedCount)
      throw new AppError(
        409,
        'CONFLICT',
        SECURITY_TEXTS.changed(affected.length, input.expectedCount),
      );
    if (affected.length === 0) throw badRequest(SECURITY_TEXTS.nothing);
    const ids = intArray(affected.map((c) => c.id));
    const revoke = (reason: string) =>
      tx.execute(
        sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
             where user_id = any(${ids}) and revoked_at is null`,
      );
    let queued: number[] = [];
    const details: Record<string, unknown> = {};
    switch (input.action) {
      case 'lock':
        await tx.execute(
          sql`update users set status = 'locked', version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
        );
        await revoke('locked');
        details.status = { from: 'active', to: 'locked' };
        break;
      case 'unlock':
        await tx.execute(
          sql`update users set status = 'active', version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
        );
        // Unlocked people start with a clean slate of failed sign-ins.
        await tx.execute(
          sql`delete from login_failures where username in (select lower(username) from users where jwl_id = any(${ids}))`,
        );
        details.status = { from: 'locked', to: 'active' };
        break;
      case 'revoke_sessions':
        await revoke('signed out by an administrator');
        break;
      case 'remove_role':
        await tx.execute(
          sql`delete from user_roles where role_key = ${input.roleKey ?? ''} and user_id = any(${ids})`,
        );
        details.role = input.roleKey;
        break;
      case 'force_password_reset': {
        await tx.execute(
          sql`update users set password_hash = null, version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
        );
        await revoke('password reset by an administrator');
        await tx.execute(
          sql`update password_reset_tokens set used_at = now() where user_id = any(${ids}) and used_at is null`,
        );
        const tokens = affected.map(() => newToken());
        const expires = new Date(Date.now() + FORCED_RESET_TTL_DAYS * 86_400_000).toISOString();
        await tx.execute(
          sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
              select * , ${expires}::timestamptz from unnest(${ids}, ${textArray(tokens.map(hashToken))})`,
        );
        const mails = await rows<{ id: number }>(
          tx,
          sql`insert into mail_outbox (to_address, to_user_id, subject, text_body, kind, status)
              select email, user_id, 'Your Lantern password has been reset', body, 'password-reset', 'queued'
                from unnest(${textArray(affected.map((c) => c.email))}, ${ids},
                  ${textArray(
                    affected.map((c, i) =>
                      resetMail(
                        c,
                        `${deps.config.publicUrl}/en/set-new-password#token=${tokens[i] ?? ''}`,
                      ),
                    ),
                  )}) as m(email, user_id, body)
              returning id::int as id`,
        );
        queued = mails.map((m) => m.id);
        break;
      }
    }
    const touchesSuperAdmin = affected.some((c) =>
      isSuperAdminPerson({ systemRole: c.system_role ?? 'user', roles: c.roles }),
    );
    if (touchesSuperAdmin && (input.action === 'lock' || input.action === 'remove_role'))
      await assertSuperAdminSurvives(tx);
    const who = auditActor(auth);
    await tx.execute(
      sql`insert into audit_log (actor_id, impersonator_id, ip, action, entity_type, entity_id, changes)
          select ${who.actorId}, ${who.impersonatorId}, ${who.ip}, ${`user.security.${input.action}`}, 'user', id::text,
                 ${jsonParam({ ...details, reason: input.reason ?? null, batch: affected.length })}::jsonb
            from unnest(${ids}) as t(id)`,
    );
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
