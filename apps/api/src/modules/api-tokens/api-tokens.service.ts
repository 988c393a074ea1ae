import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ApiToken,
  apiTokenInputSchema,
  apiTokenQuerySchema,
  apiTokenUserQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { containsPattern, rows } from '../../lib/sql';
import { newApiToken } from '../../lib/api-tokens';
import { grantsFor, loadGrantTarget } from '../../lib/grants';

type Input = z.output<typeof apiTokenInputSchema>;
type Query = z.output<typeof apiTokenQuerySchema>;
type UserQuery = z.output<typeof apiTokenUserQuerySchema>;

type Row = {
  id: number;
  user_id: number;
  user_name: string;
  username: string;
  name: string;
  prefix: string;
  created_at: Date | string;
  created_by_name: string | null;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  state: ApiToken['state'];
  total?: number;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toToken = (r: Row): ApiToken => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  username: r.username,
  name: r.name,
  prefix: r.prefix,
  createdAt: new Date(r.created_at).toISOString(),
  createdByName: r.created_by_name,
  expiresAt: iso(r.expires_at),
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
  state: r.state,
});

const STATE = sql`case when t.revoked_at is not null then 'revoked'
  when t.expires_at is not null and t.expires_at <= now() then 'expired' else 'active' end`;

const SELECT = sql`select t.id, t.user_id, u.first_name || ' ' || u.last_name as user_name,
  u.username, t.name, t.prefix, t.created_at, t.expires_at, t.last_used_at, t.revoked_at,
  c.first_name || ' ' || c.last_name as created_by_name, ${STATE} as state
  from api_tokens t join users u on u.jwl_id = t.user_id
  left join users c on c.jwl_id = t.created_by`;

const SORTS = {
  createdAt: sql`t.created_at`,
  name: sql`lower(t.name)`,
  lastUsedAt: sql`t.last_used_at`,
  user: sql`lower(u.last_name || ' ' || u.first_name)`,
} as const;

/** The tokens (never their secret): search by name, prefix or user; filter by user and state. */
export async function listTokens(deps: Deps, query: Query) {
  const where = [sql`true`];
  if (query.userId) where.push(sql`t.user_id = ${query.userId}`);
  if (query.state !== 'all') where.push(sql`${STATE} = ${query.state}`);
  if (query.q) {
    const like = containsPattern(query.q.toLowerCase());
    where.push(
      sql`(lower(t.name) like ${like} or lower(t.prefix) like ${like} or lower(u.username) like ${like}
        or lower(u.first_name || ' ' || u.last_name) like ${like})`,
    );
  }
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const items = await rows<Row>(
    deps.db,
    sql`${SELECT} where ${sql.join(where, sql` and `)}
        order by ${SORTS[query.sort]} ${dir} nulls last, t.id ${dir}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await rows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from api_tokens t join users u on u.jwl_id = t.user_id
        where ${sql.join(where, sql` and `)}`,
  );
  return { items: items.map(toToken), total: count?.n ?? 0, page: query.page, limit: query.limit };
}

/**
 * Users who may hold a token (those with BA_API__DISPLAY in one of their roles), or, for the
 * list's user filter, those who hold one.
 */
export async function tokenUsers(deps: Deps, query: UserQuery) {
  const like = query.q ? containsPattern(query.q.toLowerCase()) : null;
  const who =
    query.kind === 'holders'
      ? sql`exists (select 1 from api_tokens t where t.user_id = u.jwl_id)`
      : sql`exists (select 1 from user_roles r join role_rights rr on rr.role_key = r.role_key
            where r.user_id = u.jwl_id and rr.right_key = 'BA_API__DISPLAY')`;
  const found = await rows<{ id: number; name: string; username: string }>(
    deps.db,
    sql`select u.jwl_id as id, u.first_name || ' ' || u.last_name as name, u.username
        from users u
        where ${who}
          ${like ? sql`and (lower(u.username) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})` : sql``}
        order by u.last_name, u.first_name, u.jwl_id limit 50`,
  );
  return { items: found };
}

async function tokenOf(deps: Deps, id: number): Promise<Row> {
  const [row] = await rows<Row>(deps.db, sql`${SELECT} where t.id = ${id}`);
  if (!row) throw notFound('The API token');
  return row;
}

/** Creates a token for an integration user; the answer holds the token, this once. */
export async function createToken(deps: Deps, auth: AuthContext, input: Input) {
  const [user] = await rows<{ status: string; eligible: boolean }>(
    deps.db,
    sql`select u.status, exists (select 1 from user_roles r
          join role_rights rr on rr.role_key = r.role_key
          where r.user_id = u.jwl_id and rr.right_key = 'BA_API__DISPLAY') as eligible
        from users u where u.jwl_id = ${input.userId}`,
  );
  if (!user) throw invalidFields({ userId: 'There is no such user.' });
  if (!user.eligible)
    throw invalidFields({
      userId: 'This user holds no role with the right to use the integration API.',
    });
  if (user.status === 'locked') throw invalidFields({ userId: 'This account is locked.' });
  const made = newApiToken();
  const id = await deps.db.transaction(async (tx) => {
    // A token signs in as its user: only who may change that user's sign-in may make one
    // (decision 0015), the user read and locked in this transaction.
    const target = await loadGrantTarget(tx, input.userId);
    if (!target) throw invalidFields({ userId: 'There is no such user.' });
    (await grantsFor(tx, auth)).assertIdentity(target);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into api_tokens (user_id, name, prefix, token_hash, created_by, expires_at)
          values (${input.userId}, ${input.name}, ${made.prefix}, ${made.hash}, ${auth.user.jwlId},
            ${`${input.expiresOn}T23:59:59.999Z`}::timestamptz)
          returning id`,
    );
    const tokenId = row?.id ?? 0;
    await audit(tx, auth, {
      action: 'api-token.create',
      entityType: 'api_token',
      entityId: tokenId,
      changes: {
        userId: input.userId,
        name: input.name,
        prefix: made.prefix,
        expiresOn: input.expiresOn,
      },
    });
    return tokenId;
  });
  return { token: made.token, item: toToken(await tokenOf(deps, id)) };
}

/** Revokes a token: from now on it answers 401. Revoking twice is refused (409). */
export async function revokeToken(deps: Deps, auth: AuthContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number; revoked: boolean; prefix: string; user_id: number }>(
      tx,
      sql`select id, revoked_at is not null as revoked, prefix, user_id from api_tokens
          where id = ${id} for update`,
    );
    if (!row) throw notFound('The API token');
    if (row.revoked) throw new AppError(409, 'CONFLICT', 'This API token is already revoked.');
    await tx.execute(
      sql`update api_tokens set revoked_at = now(), revoked_by = ${auth.user.jwlId} where id = ${id}`,
    );
    await audit(tx, auth, {
      action: 'api-token.revoke',
      entityType: 'api_token',
      entityId: id,
      changes: { userId: row.user_id, prefix: row.prefix },
    });
  });
  return toToken(await tokenOf(deps, id));
}
