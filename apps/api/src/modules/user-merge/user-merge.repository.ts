import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { MergeCount, MergePerson } from '@lantern/contracts/user-merge';
import { containsPattern, intArray, jsonParam, rows } from '../../lib/sql';
import type { TableMove } from './user-merge-rows.repository';

type PersonRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  status: string;
  deleted_at: Date | string | null;
  merged_into_id: number | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  roles: string[];
  clcs: string[];
};

export type PersonState = MergePerson & { removed: boolean; mergedIntoId: number | null };

/** A person as the merge screens show them, without the merge's own bookkeeping. */
export const asMergePerson = ({
  removed: _r,
  mergedIntoId: _m,
  ...person
}: PersonState): MergePerson => person;

const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

const toPerson = (r: PersonRow): PersonState => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  status: r.deleted_at ? 'removed' : r.status,
  roles: r.roles,
  clcs: r.clcs,
  lastSignInAt: iso(r.last_sign_in_at),
  createdAt: iso(r.created_at) ?? '',
  removed: r.deleted_at !== null,
  mergedIntoId: r.merged_into_id,
});

const personColumns = sql`u.jwl_id as id, u.username, u.first_name, u.last_name, u.email, u.status,
  u.deleted_at, u.merged_into_id, u.last_sign_in_at, u.created_at,
  array(select ur.role_key from user_roles ur where ur.user_id = u.jwl_id order by ur.role_key) as roles,
  array(select c.code from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id order by c.code) as clcs`;

/** The two people of a merge, locked for the merge's transaction when `lock` is set. */
export async function findPeople(
  db: Db,
  ids: number[],
  lock = false,
): Promise<Map<number, PersonState>> {
  if (lock) {
    // Lock in id order, so that two merges over the same people cannot deadlock.
    await rows(
      db,
      sql`select jwl_id from users where jwl_id = any(${intArray(ids)}) order by jwl_id for update`,
    );
  }
  const found = await rows<PersonRow>(
    db,
    sql`select ${personColumns} from users u where u.jwl_id = any(${intArray(ids)})`,
  );
  return new Map(found.map((r) => [r.id, toPerson(r)]));
}

/** People to pick for a merge: by JWL-ID, username, name or e-mail; removed people too. */
export async function searchPeople(db: Db, q: string, limit = 20): Promise<PersonState[]> {
  const pattern = containsPattern(q.toLowerCase());
  const byId = /^\d{1,9}$/.test(q) ? Number(q) : -1;
  const found = await rows<PersonRow>(
    db,
    sql`select ${personColumns} from users u
         where u.jwl_id = ${byId}
            or lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, '')) like ${pattern}
         order by (u.jwl_id = ${byId}) desc, u.deleted_at nulls first, lower(u.last_name), u.jwl_id
         limit ${limit}`,
  );
  return found.map(toPerson);
}

/** The removed person becomes a tombstone: out of every list, no sign-in, no open sessions. */
export async function makeTombstone(db: Db, removedId: number, keptId: number): Promise<void> {
  await db.execute(
    sql`update users set deleted_at = now(), merged_into_id = ${keptId},
          version = version + 1, updated_at = now()
        where jwl_id = ${removedId}`,
  );
  await db.execute(
    sql`update sessions set revoked_at = now(), revoked_reason = 'merged'
        where user_id = ${removedId} and revoked_at is null`,
  );
  await db.execute(
    sql`update password_reset_tokens set used_at = now()
        where user_id = ${removedId} and used_at is null`,
  );
}

export async function reviveTombstone(db: Db, removedId: number): Promise<void> {
  await db.execute(
    sql`update users set deleted_at = null, merged_into_id = null,
          version = version + 1, updated_at = now()
        where jwl_id = ${removedId}`,
  );
}

export type MergeRecord = {
  id: number;
  removedUserId: number;
  keptUserId: number;
  fields: Record<
    string,
    { side: 'removed'; table: string; column: string; before: string | null; after: string | null }
  >;
  moves: Record<string, TableMove & { profile?: 'moved' }>;
  counts: MergeCount[];
  undoneAt: string | null;
};

export async function insertMerge(
  db: Db,
  record: Omit<MergeRecord, 'id' | 'undoneAt'> & { mergedBy: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into user_merges (removed_user_id, kept_user_id, merged_by, fields, moves, counts)
        values (${record.removedUserId}, ${record.keptUserId}, ${record.mergedBy},
          ${jsonParam(record.fields)}::jsonb, ${jsonParam(record.moves)}::jsonb, ${jsonParam(record.counts)}::jsonb)
        returning id::int as id`,
  );
  if (!row) throw new Error('The merge was not recorded.');
  return row.id;
}

export async function findMerge(
  db: Db,
  mergeId: number,
  lock = false,
): Promise<MergeRecord | null> {
  const [row] = await rows<{
    id: number;
    removed_user_id: number;
    kept_user_id: number;
    fields: MergeRecord['fields'];
    moves: MergeRecord['moves'];
    counts: MergeCount[];
    undone_at: Date | string | null;
  }>(
    db,
    sql`select id::int as id, removed_user_id, kept_user_id, fields, moves, counts, undone_at
          from user_merges where id = ${mergeId}${lock ? sql` for update` : sql``}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    removedUserId: row.removed_user_id,
    keptUserId: row.kept_user_id,
    fields: row.fields,
    moves: row.moves,
    counts: row.counts,
    undoneAt: iso(row.undone_at),
  };
}

export async function markUndone(db: Db, mergeId: number, by: number): Promise<void> {
  await db.execute(
    sql`update user_merges set undone_at = now(), undone_by = ${by} where id = ${mergeId}`,
  );
}

type LogRow = {
  id: number;
  removed_id: number;
  removed_name: string;
  removed_username: string;
  kept_id: number;
  kept_name: string;
  kept_username: string;
  merged_at: Date | string;
  by_id: number | null;
  by_name: string | null;
  counts: MergeCount[];
  undone_at: Date | string | null;
  undone_by_id: number | null;
  undone_by_name: string | null;
  total: number;
};

/** The merge log, newest first, optionally of one person (removed or kept). */
export async function listMerges(
  db: Db,
  query: { page: number; limit: number; user?: number | undefined },
) {
  const where = query.user
    ? sql`m.removed_user_id = ${query.user} or m.kept_user_id = ${query.user}`
    : sql`true`;
  const found = await rows<LogRow>(
    db,
    sql`select m.id::int as id,
          r.jwl_id as removed_id, r.first_name || ' ' || r.last_name as removed_name, r.username as removed_username,
          k.jwl_id as kept_id, k.first_name || ' ' || k.last_name as kept_name, k.username as kept_username,
          m.merged_at, b.jwl_id as by_id, b.first_name || ' ' || b.last_name as by_name, m.counts,
          m.undone_at, ub.jwl_id as undone_by_id, ub.first_name || ' ' || ub.last_name as undone_by_name,
          count(*) over ()::int as total
        from user_merges m
        join users r on r.jwl_id = m.removed_user_id
        join users k on k.jwl_id = m.kept_user_id
        left join users b on b.jwl_id = m.merged_by
        left join users ub on ub.jwl_id = m.undone_by
        where ${where}
        order by m.id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    total: found[0]?.total ?? 0,
    items: found.map((r) => ({
      id: r.id,
      removed: { id: r.removed_id, name: r.removed_name, username: r.removed_username },
      kept: { id: r.kept_id, name: r.kept_name, username: r.kept_username },
      mergedAt: iso(r.merged_at) ?? '',
      mergedBy: r.by_id !== null ? { id: r.by_id, name: r.by_name ?? '' } : null,
      counts: r.counts,
      undoneAt: iso(r.undone_at),
      undoneBy:
        r.undone_by_id !== null ? { id: r.undone_by_id, name: r.undone_by_name ?? '' } : null,
    })),
  };
}
