import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ApiToken,
  apiTokenQuerySchema,
  apiTokenUserQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import type { Db } from '@lantern/db/client';
import { containsPattern, rows } from '../../lib/sql';

type Query = z.output<typeof apiTokenQuerySchema>;
type UserQuery = z.output<typeof apiTokenUserQuerySchema>;

export type TokenRow = {
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

/** A page of tokens (never their secret) and how many match in all. */
export async function findTokenRows(
  db: Db,
  query: Query,
): Promise<{ items: TokenRow[]; total: number }> {
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
  const items = await rows<TokenRow>(
    db,
    sql`${SELECT} where ${sql.join(where, sql` and `)}
        order by ${SORTS[query.sort]} ${dir} nulls last, t.id ${dir}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from api_tokens t join users u on u.jwl_id = t.user_id
        where ${sql.join(where, sql` and `)}`,
  );
  return { items, total: count?.n ?? 0 };
}

/** Users who may hold a token, or who hold one. */
export async function tokenUserRows(db: Db, query: UserQuery) {
  const like = query.q ? containsPattern(query.q.toLowerCase()) : null;
  const who =
    query.kind === 'holders'
      ? sql`exists (select 1 from api_tokens t where t.user_id = u.jwl_id)`
      : sql`exists (select 1 from user_roles r join role_rights rr on rr.role_key = r.role_key
            where r.user_id = u.jwl_id and rr.right_key = 'BA_API__DISPLAY')`;
  return rows<{ id: number; name: string; username: string }>(
    db,
    sql`select u.jwl_id as id, u.first_name || ' ' || u.last_name as name, u.username
        from users u
        where ${who}
          ${like ? sql`and (lower(u.username) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})` : sql``}
        order by u.last_name, u.first_name, u.jwl_id limit 50`,
  );
}

export async function tokenRow(db: Db, id: number): Promise<TokenRow | undefined> {
  const [row] = await rows<TokenRow>(db, sql`${SELECT} where t.id = ${id}`);
  return row;
}

/** A user's status, and whether one of their roles has the right to use the integration API. */
export async function tokenHolder(db: Db, userId: number) {
  const [user] = await rows<{ status: string; eligible: boolean }>(
    db,
    sql`select u.status, exists (select 1 from user_roles r
          join role_rights rr on rr.role_key = r.role_key
          where r.user_id = u.jwl_id and rr.right_key = 'BA_API__DISPLAY') as eligible
        from users u where u.jwl_id = ${userId}`,
  );
  return user;
}

export async function insertToken(
  tx: Db,
  token: {
    userId: number;
    name: string;
    prefix: string;
    hash: string;
    createdBy: number;
    expiresAt: string;
  },
): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into api_tokens (user_id, name, prefix, token_hash, created_by, expires_at)
          values (${token.userId}, ${token.name}, ${token.prefix}, ${token.hash}, ${token.createdBy},
            ${token.expiresAt}::timestamptz)
          returning id`,
  );
  return row?.id;
}

/** A token, locked for the rest of the transaction. */
export async function lockToken(tx: Db, id: number) {
  const [row] = await rows<{ id: number; revoked: boolean; prefix: string; user_id: number }>(
    tx,
    sql`select id, revoked_at is not null as revoked, prefix, user_id from api_tokens
          where id = ${id} for update`,
  );
  return row;
}

export async function markTokenRevoked(tx: Db, id: number, revokedBy: number): Promise<void> {
  await tx.execute(
    sql`update api_tokens set revoked_at = now(), revoked_by = ${revokedBy} where id = ${id}`,
  );
}
