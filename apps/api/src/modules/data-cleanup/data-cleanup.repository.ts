import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  CLEANUP_KEPT_BY_DATA,
  type CleanupCriteria,
  type CleanupKind,
} from '@lantern/contracts/data-checks';
import { intArray, jsonParam, rows } from '../../lib/sql';

/** Roles whose holders a cleanup never removes. */
const PROTECTED_ROLES = sql`('ADMIN', 'SUPER_ADMIN')`;

const cutoff = (months: number) => sql`now() - make_interval(months => ${months}::int)`;

const FINDERS: Record<CleanupKind, (months: number) => SQL> = {
  // Created long ago and not signed in since the cutoff (or never).
  'stale-accounts': (months) => sql`u.created_at < ${cutoff(months)}
    and (u.last_sign_in_at is null or u.last_sign_in_at < ${cutoff(months)})`,
  // Applied to programmes long ago and never taken further; a student at most.
  'unprocessed-applicants': (
    months,
  ) => sql`exists (select 1 from enrolments e where e.user_id = u.jwl_id)
    and not exists (select 1 from enrolments e where e.user_id = u.jwl_id
      and (e.state <> 'applied' or e.created_at >= ${cutoff(months)}))
    and not exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key <> 'STUDENT')`,
  'without-role': () => sql`not exists (select 1 from user_roles ur where ur.user_id = u.jwl_id)`,
};

/** A programme still going on: any status before finished or cancelled. */
const ONGOING = sql`p.status not in ('finished', 'cancelled')`;

/**
 * Why a person is never found, whatever the finder: they take part in a programme still going
 * on. Students never sign in to the sis and applicants wait for months, so neither a last
 * sign-in nor an old application says an account is unused.
 */
const SPARED: Record<(typeof CLEANUP_KEPT_BY_DATA)[number], SQL> = {
  enrolment: sql`exists (select 1 from enrolments e join programmes p on p.id = e.programme_id
    where e.user_id = u.jwl_id and e.state in ('applied', 'active') and ${ONGOING})`,
  class: sql`exists (select 1 from enrolments e join programmes p on p.id = e.programme_id
    where e.user_id = u.jwl_id and e.class_id is not null and ${ONGOING})`,
  staff: sql`exists (select 1 from class_staff cs join classes c on c.id = cs.class_id
    join programmes p on p.id = c.programme_id where cs.user_id = u.jwl_id and ${ONGOING})`,
};

/** Whom the criteria fit: never a removed person, an admin, a super admin or the caller. */
function fitting(criteria: CleanupCriteria, keep: number[]): SQL {
  return sql`u.deleted_at is null
    and u.system_role not in ('admin', 'superAdmin')
    and not exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key in ${PROTECTED_ROLES})
    and u.jwl_id <> all(${intArray(keep)})
    and ${FINDERS[criteria.kind](criteria.months)}`;
}

/** Whom a cleanup finds: those the criteria fit, less everyone `SPARED` keeps. */
function finder(criteria: CleanupCriteria, keep: number[]): SQL {
  const spared = sql.join(
    CLEANUP_KEPT_BY_DATA.map((r) => SPARED[r]),
    sql` or `,
  );
  return sql`${fitting(criteria, keep)} and not (${spared})`;
}

export type CleanupPersonRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: Date | string;
  lastSignInAt: Date | string | null;
  roles: string[] | null;
};

export async function dryRun(db: Db, criteria: CleanupCriteria, keep: number[]) {
  const where = finder(criteria, keep);
  const reasons = sql.join(
    CLEANUP_KEPT_BY_DATA.map((r) => sql`${SPARED[r]} as ${sql.identifier(r)}`),
    sql`, `,
  );
  const anyReason = sql.join(
    CLEANUP_KEPT_BY_DATA.map((r) => sql.identifier(r)),
    sql` or `,
  );
  const perReason = sql.join(
    CLEANUP_KEPT_BY_DATA.map(
      (r) => sql`count(*) filter (where ${sql.identifier(r)})::int as ${sql.identifier(r)}`,
    ),
    sql`, `,
  );
  const [counted, examples] = await Promise.all([
    // Those the criteria fit, each with their reasons to be kept: the count and the spared.
    rows<{ n: number; spared: number } & Record<(typeof CLEANUP_KEPT_BY_DATA)[number], number>>(
      db,
      sql`select count(*) filter (where not (${anyReason}))::int as n,
            count(*) filter (where ${anyReason})::int as spared, ${perReason}
          from (select ${reasons} from users u where ${fitting(criteria, keep)}) f`,
    ),
    rows<CleanupPersonRow>(
      db,
      sql`select u.jwl_id as "id", u.username, u.first_name as "firstName", u.last_name as "lastName",
            u.created_at as "createdAt", u.last_sign_in_at as "lastSignInAt",
            (select array_agg(ur.role_key order by ur.role_key) from user_roles ur where ur.user_id = u.jwl_id) as roles
          from users u where ${where} order by u.created_at, u.jwl_id limit 20`,
    ),
  ]);
  const totals = counted[0];
  return {
    count: totals?.n ?? 0,
    examples,
    spared: {
      total: totals?.spared ?? 0,
      reasons: CLEANUP_KEPT_BY_DATA.map((reason) => ({ reason, count: totals?.[reason] ?? 0 })),
    },
  };
}

/** Everyone the finder selects (not locked): the dry run checks the grant rule on them. */
export async function targetIds(db: Db, criteria: CleanupCriteria, keep: number[]) {
  const found = await rows<{ id: number }>(
    db,
    sql`select u.jwl_id as id from users u where ${finder(criteria, keep)}`,
  );
  return found.map((r) => r.id);
}

/** The people a run would remove, locked against a concurrent change. */
export async function lockTargets(db: Db, criteria: CleanupCriteria, keep: number[]) {
  const found = await rows<{ id: number }>(
    db,
    sql`select u.jwl_id as id from users u where ${finder(criteria, keep)} order by u.jwl_id for update`,
  );
  return found.map((r) => r.id);
}

/**
 * Soft-deletes the people in one statement: marks them removed, ends their sign-ins, takes
 * their role memberships (kept in the run for the restore) and records the run.
 */
export async function removePeople(
  db: Db,
  input: { kind: CleanupKind; criteria: CleanupCriteria; ids: number[]; createdBy: number },
): Promise<{ id: number; createdAt: string }> {
  const ids = intArray(input.ids);
  const [run] = await rows<{ id: number; created_at: string }>(
    db,
    sql`with gone as (
          update users set deleted_at = now(), version = version + 1, updated_at = now()
          where jwl_id = any(${ids}) returning jwl_id
        ), roles as (
          delete from user_roles ur where ur.user_id = any(${ids}) returning ur.user_id, ur.role_key
        ), signed_out as (
          update sessions set revoked_at = now(), revoked_reason = 'removed by a data cleanup'
          where user_id = any(${ids}) and revoked_at is null returning 1
        )
        insert into data_cleanups (kind, criteria, user_ids, removed_roles, created_by, created_at)
        select ${input.kind}, ${jsonParam(input.criteria)}::jsonb,
          coalesce((select array_agg(jwl_id order by jwl_id) from gone), '{}'),
          coalesce((select jsonb_agg(jsonb_build_object('userId', user_id, 'roleKey', role_key)
                    order by user_id, role_key) from roles), '[]'::jsonb),
          ${input.createdBy}, now()
        from (select count(*) from signed_out) s
        returning id, created_at::text`,
  );
  if (!run) throw new Error('The cleanup run was not recorded.');
  return { id: run.id, createdAt: run.created_at };
}

export type CleanupRunRow = {
  id: number;
  kind: CleanupKind;
  criteria: { months?: number };
  count: number;
  created_by: string | null;
  created_at: Date | string;
  restored_at: Date | string | null;
  restored_by: string | null;
};

export async function findRuns(db: Db, page: number, limit: number) {
  const [found, counted] = await Promise.all([
    rows<CleanupRunRow>(
      db,
      sql`select d.id, d.kind, d.criteria, cardinality(d.user_ids) as count,
            nullif(trim(cb.first_name || ' ' || cb.last_name), '') as created_by, d.created_at,
            d.restored_at, nullif(trim(rb.first_name || ' ' || rb.last_name), '') as restored_by
          from data_cleanups d
          left join users cb on cb.jwl_id = d.created_by
          left join users rb on rb.jwl_id = d.restored_by
          order by d.created_at desc, d.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from data_cleanups`),
  ]);
  return { items: found, total: counted[0]?.n ?? 0 };
}

/**
 * Restores a run's people who are still removed by it (their removal time is the run's) and
 * not merged since; gives their roles back and marks the run restored. Answers who came back.
 */
export async function restoreRun(
  db: Db,
  runId: number,
  restoredBy: number,
): Promise<{ found: boolean; ids: number[]; total: number }> {
  const [run] = await rows<{ user_ids: number[] }>(
    db,
    sql`select user_ids from data_cleanups
        where id = ${runId} and restored_at is null for update`,
  );
  if (!run) return { found: false, ids: [], total: 0 };
  const back = await rows<{ id: number }>(
    db,
    sql`update users set deleted_at = null, version = version + 1, updated_at = now()
        where jwl_id = any(${intArray(run.user_ids)}) and merged_into_id is null
          and deleted_at = (select created_at from data_cleanups where id = ${runId})
        returning jwl_id as id`,
  );
  const ids = back.map((r) => r.id);
  await db.execute(
    sql`insert into user_roles (user_id, role_key)
        select r."userId", r."roleKey"
        from data_cleanups d cross join jsonb_to_recordset(d.removed_roles) as r("userId" int, "roleKey" text)
        where d.id = ${runId} and r."userId" = any(${intArray(ids)})
          and exists (select 1 from roles ro where ro.key = r."roleKey")
        on conflict do nothing`,
  );
  await db.execute(
    sql`update data_cleanups set restored_at = now(), restored_by = ${restoredBy} where id = ${runId}`,
  );
  return { found: true, ids, total: run.user_ids.length };
}
