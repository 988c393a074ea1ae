import { sql, type SQL } from 'drizzle-orm';
import type { SecurityActionInput, SecuritySelection } from '@lantern/contracts/security-actions';
import type { SystemRole } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import { intArray, jsonParam, rows, textArray } from '../../lib/sql';

export type Candidate = {
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
export async function candidates(db: Db, input: SecurityActionInput): Promise<Candidate[]> {
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

/** Holds the people's rows until the transaction ends. */
export async function lockUsers(tx: Db, userIds: number[]): Promise<void> {
  await tx.execute(
    sql`select 1 from users where jwl_id = any(${intArray(userIds)})
          order by jwl_id for update`,
  );
}

export async function revokeSessions(tx: Db, userIds: number[], reason: string) {
  const ids = intArray(userIds);
  return tx.execute(
    sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
             where user_id = any(${ids}) and revoked_at is null`,
  );
}

export async function setStatus(tx: Db, userIds: number[], status: 'locked' | 'active') {
  const ids = intArray(userIds);
  if (status === 'locked')
    await tx.execute(
      sql`update users set status = 'locked', version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
    );
  else
    await tx.execute(
      sql`update users set status = 'active', version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
    );
}

export async function clearLoginFailures(tx: Db, userIds: number[]): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`delete from login_failures where username in (select lower(username) from users where jwl_id = any(${ids}))`,
  );
}

export async function removeRole(tx: Db, userIds: number[], roleKey: string): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`delete from user_roles where role_key = ${roleKey} and user_id = any(${ids})`,
  );
}

/** Clears the passwords and uses up any open reset link. */
export async function clearPasswords(tx: Db, userIds: number[]): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`update users set password_hash = null, version = version + 1, updated_at = now() where jwl_id = any(${ids})`,
  );
}

export async function useUpResetTokens(tx: Db, userIds: number[]): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`update password_reset_tokens set used_at = now() where user_id = any(${ids}) and used_at is null`,
  );
}

/** One reset token per person, in the order of the ids. */
export async function insertResetTokens(
  tx: Db,
  userIds: number[],
  tokenHashes: string[],
  expires: string,
): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
              select * , ${expires}::timestamptz from unnest(${ids}, ${textArray(tokenHashes)})`,
  );
}

/** One queued reset mail per person, in the order of the ids; answers the mails' ids. */
export async function queueResetMails(
  tx: Db,
  userIds: number[],
  emails: (string | null)[],
  bodies: string[],
): Promise<number[]> {
  const ids = intArray(userIds);
  const mails = await rows<{ id: number }>(
    tx,
    sql`insert into mail_outbox (to_address, to_user_id, subject, text_body, kind, status)
              select email, user_id, 'Your Lantern password has been reset', body, 'password-reset', 'queued'
                from unnest(${textArray(emails)}, ${ids},
                  ${textArray(bodies)}) as m(email, user_id, body)
              returning id::int as id`,
  );
  return mails.map((m) => m.id);
}

/** One audit row per person, in one statement. */
export async function auditEach(
  tx: Db,
  userIds: number[],
  who: { actorId: SQL; impersonatorId: SQL; ip: SQL },
  action: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const ids = intArray(userIds);
  await tx.execute(
    sql`insert into audit_log (actor_id, impersonator_id, ip, action, entity_type, entity_id, changes)
          select ${who.actorId}, ${who.impersonatorId}, ${who.ip}, ${action}, 'user', id::text,
                 ${jsonParam(changes)}::jsonb
            from unnest(${ids}) as t(id)`,
  );
}
