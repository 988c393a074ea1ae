import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { DataCheck } from '@lantern/contracts/data-checks';
import { containsPattern, intArray, rows, textArray } from '../../lib/sql';
import {
  EMAIL_PATTERN,
  NO_LETTER_PATTERN,
  SPACES_PATTERN,
  type CheckRow,
} from './data-checks.rules';

/*
 * Every check is a condition on one FROM: the users not removed, their student profile, and
 * per person whether they hold a CLC and which roles. The duplicates come from two group-bys.
 * The overview counts all checks in one scan (count(*) filter (…)).
 */

// One pattern over the fields joined by \x01 costs a fraction of a function call per field.
const SEP = sql`chr(1)`;
const wrongCase = (column: SQL) =>
  sql`((${column} = upper(${column}) and ${column} <> lower(${column}) and char_length(btrim(${column})) > 1)
      or (${column} = lower(${column}) and ${column} <> upper(${column})))`;

/** The key of an e-mail for duplicates: trimmed, lower case. */
const EMAIL_KEY = sql`lower(btrim(u.email))`;
/** "The same person twice": names (trimmed, lower case) and birth date, compared column by column. */
const FIRST_KEY = sql`lower(btrim(u.first_name))`;
const LAST_KEY = sql`lower(btrim(u.last_name))`;

const FROM = sql`users u
  left join student_profiles sp on sp.user_id = u.jwl_id
  left join user_roles rs on rs.user_id = u.jwl_id and rs.role_key = 'STUDENT'
  left join user_roles rf on rf.user_id = u.jwl_id and rf.role_key = 'FACILITATOR'
  left join (select distinct user_id from user_clcs) uc on uc.user_id = u.jwl_id
  left join (
    select ${EMAIL_KEY} as k from users u
    where u.deleted_at is null and u.email is not null and btrim(u.email) <> ''
    group by 1 having count(*) > 1
  ) de on de.k = ${EMAIL_KEY}
  left join (
    select ${FIRST_KEY} as f, ${LAST_KEY} as l, sp.birth_date as b
    from users u join student_profiles sp on sp.user_id = u.jwl_id
    where u.deleted_at is null and sp.birth_date is not null
    group by 1, 2, 3 having count(*) > 1
  ) dp on dp.b = sp.birth_date and dp.l = ${LAST_KEY} and dp.f = ${FIRST_KEY}`;

/**
 * Transfers in that one person both proposed and approved: approval is another person's step
 * (decision 0022), refused since; those approved before are listed for a review, not undone.
 */
const SELF_APPROVED = sql`t.direction = 'in' and t.state = 'approved' and t.decided_by = t.proposed_by`;

const CONDITIONS: Record<DataCheck, SQL> = {
  'duplicate-emails': sql`de.k is not null`,
  'data-with-spaces': sql`((${SEP} || u.first_name || ${SEP} || u.last_name || ${SEP} || u.username
    || ${SEP} || coalesce(u.email, '') || ${SEP}) ~ ${SPACES_PATTERN})`,
  // E.164 (`^\+[1-9][0-9]{6,14}$`) spelt with string functions: half the time of the pattern.
  'phone-numbers': sql`(u.phone is not null and not (left(u.phone, 1) = '+'
    and substr(u.phone, 2, 1) between '1' and '9' and length(u.phone) between 8 and 16
    and translate(substr(u.phone, 2), '0123456789', '') = ''))`,
  'mandatory-fields': sql`(uc.user_id is null
    or (rs.user_id is not null and (sp.birth_date is null
        or (sp.identification_type <> 'none' and coalesce(btrim(sp.identification_number), '') = '')))
    or (rf.user_id is not null and u.employee_type is null))`,
  'valid-emails': sql`(u.email is not null and btrim(u.email) !~ ${EMAIL_PATTERN})`,
  'mandatory-names': sql`((u.first_name || ${SEP} || u.last_name) ~ ${NO_LETTER_PATTERN})`,
  'possible-cleansing': sql`(${wrongCase(sql`u.first_name`)} or ${wrongCase(sql`u.last_name`)} or dp.b is not null)`,
  'self-approved-transfers': sql`exists (select 1 from ba_transfers t join enrolments e on e.id = t.enrolment_id
    where e.user_id = u.jwl_id and ${SELF_APPROVED})`,
};

const ORDER: Partial<Record<DataCheck, SQL>> = {
  'duplicate-emails': sql`de.k, u.jwl_id`,
  'possible-cleansing': sql`dp.l nulls last, dp.f, dp.b, u.jwl_id`,
};

/**
 * The overview's one statement. Each count reads only what it needs: one scan of `users` for
 * the single-row checks (their flags, kept by the database on write: users.check_flags), one for the missing fields (CLC and roles as hashed sets), and a
 * group-by per kind of duplicate whose group sizes add up to the people in them, so no person is
 * joined back to their group. The list's conditions above select the same people.
 */
export function countChecksSql(): SQL {
  return sql`with single as (
      select count(*)::int as checked,
        count(*) filter (where u.check_flags & 1 <> 0)::int as spaces,
        count(*) filter (where u.check_flags & 2 <> 0)::int as phones,
        count(*) filter (where u.check_flags & 4 <> 0)::int as emails,
        count(*) filter (where u.check_flags & 8 <> 0)::int as names,
        count(*) filter (where u.check_flags & 16 <> 0)::int as cases
      from users u where u.deleted_at is null
    ), missing as (
      -- Who lacks a field, as a union of small sets found through the primary keys (a person
      -- without CLC, a student with a gap in the profile or none, a facilitator without type).
      select count(*)::int as n from users u
      where u.deleted_at is null and u.jwl_id in (
        select p.jwl_id from users p
        where not exists (select 1 from user_clcs c where c.user_id = p.jwl_id)
        union
        select sp.user_id from student_profiles sp
        where (sp.birth_date is null
               or (sp.identification_type <> 'none' and coalesce(btrim(sp.identification_number), '') = ''))
          and exists (select 1 from user_roles r where r.user_id = sp.user_id and r.role_key = 'STUDENT')
        union
        select r.user_id from user_roles r
        where r.role_key = 'STUDENT'
          and not exists (select 1 from student_profiles sp where sp.user_id = r.user_id)
        union
        select r.user_id from user_roles r join users f on f.jwl_id = r.user_id
        where r.role_key = 'FACILITATOR' and f.employee_type is null)
    ), shared_emails as (
      select coalesce(sum(n), 0)::int as n from (
        select count(*) as n from users u
        where u.deleted_at is null and u.email is not null and btrim(u.email) <> ''
        group by ${EMAIL_KEY} having count(*) > 1
      ) g
    ), twice as (
      select coalesce(sum(n), 0)::int as n, coalesce(sum(w), 0)::int as w from (
        select count(*) as n, count(*) filter (where u.check_flags & 16 <> 0) as w
        from users u join student_profiles sp on sp.user_id = u.jwl_id
        where u.deleted_at is null and sp.birth_date is not null
        group by ${FIRST_KEY}, ${LAST_KEY}, sp.birth_date having count(*) > 1
      ) g
    ), self_approved as (
      select count(distinct e.user_id)::int as n from ba_transfers t
      join enrolments e on e.id = t.enrolment_id
      join users u on u.jwl_id = e.user_id and u.deleted_at is null
      where ${SELF_APPROVED}
    )
    select single.checked,
      shared_emails.n as "duplicate-emails",
      single.spaces as "data-with-spaces",
      single.phones as "phone-numbers",
      missing.n as "mandatory-fields",
      single.emails as "valid-emails",
      single.names as "mandatory-names",
      single.cases + twice.n - twice.w as "possible-cleansing",
      self_approved.n as "self-approved-transfers"
    from single, missing, shared_emails, twice, self_approved`;
}

/**
 * Runs the statements of `read` in one transaction without JIT and with room for the
 * group-bys: PostgreSQL's estimate of the duplicate joins is far too high and would switch JIT
 * on (seconds of compiling for a query that runs in a fraction of that); the group-bys spill
 * to disk at the default 4 MB. PGlite has no JIT; the setting is harmless there.
 */
function tuned<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`,
    );
    return read(tx);
  });
}

export async function countChecks(
  db: Db,
): Promise<Record<DataCheck, number> & { checked: number }> {
  const [row] = await tuned(db, (tx) =>
    rows<Record<DataCheck, number> & { checked: number }>(tx, countChecksSql()),
  );
  if (!row) throw new Error('The checks could not be counted.');
  return row;
}

const SEARCH = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, ''))`;

function where(check: DataCheck, q: string | undefined, ids?: number[]): SQL {
  const parts = [sql`u.deleted_at is null`, CONDITIONS[check]];
  if (q) {
    const text = sql`${SEARCH} like ${containsPattern(q.toLowerCase())}`;
    parts.push(/^\d{1,9}$/.test(q) ? sql`(u.jwl_id = ${Number(q)} or ${text})` : text);
  }
  if (ids) parts.push(sql`u.jwl_id = any(${intArray(ids)})`);
  return sql.join(parts, sql` and `);
}

type RawRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  employee_type: string | null;
  identification_type: string | null;
  identification_number: string | null;
  phone_country: string | null;
  roles: string[] | null;
  has_clc: boolean;
  group_key: string | null;
  duplicate_of: number[] | null;
  self_approved: string[] | null;
  version: number;
};

export type CheckRowWithVersion = CheckRow & { version: number };

const toRow = (r: RawRow): CheckRowWithVersion => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  birthDate: r.birth_date,
  employeeType: r.employee_type,
  identificationType: r.identification_type,
  identificationNumber: r.identification_number,
  phoneCountry: r.phone_country,
  roles: r.roles ?? [],
  hasClc: r.has_clc,
  group: r.group_key,
  duplicateOf: r.duplicate_of ?? [],
  selfApproved: r.self_approved ?? [],
  version: r.version,
});

/** The columns of a listed person; the duplicates' partners only for the checks that group. */
function columns(check: DataCheck): SQL {
  const partners =
    check === 'duplicate-emails'
      ? sql`(select array_agg(o.jwl_id order by o.jwl_id) from users o
             where o.deleted_at is null and lower(btrim(o.email)) = de.k)`
      : check === 'possible-cleansing'
        ? sql`(select array_agg(o.jwl_id order by o.jwl_id) from users o
               join student_profiles osp on osp.user_id = o.jwl_id
               where o.deleted_at is null and osp.birth_date = dp.b
                 and lower(btrim(o.last_name)) = dp.l and lower(btrim(o.first_name)) = dp.f)`
        : sql`null::int[]`;
  const group =
    check === 'duplicate-emails'
      ? sql`de.k`
      : check === 'possible-cleansing'
        ? sql`dp.f || ' ' || dp.l || ', ' || dp.b::text`
        : sql`null`;
  // What the review needs of each transfer: course, credits, programme, who and when.
  const selfApproved =
    check === 'self-approved-transfers'
      ? sql`(select array_agg(concat_ws(' ', 'Transfer in of', coalesce(c.code, 'no course'),
               '(' || t.credits::text || ' credits) in', p.code || ',', 'proposed and approved by',
               d.first_name || ' ' || d.last_name, 'on', to_char(t.decided_at, 'YYYY-MM-DD'))
               order by t.id)
             from ba_transfers t join enrolments e on e.id = t.enrolment_id
             join programmes p on p.id = e.programme_id
             left join programme_courses c on c.id = t.course_id
             left join users d on d.jwl_id = t.decided_by
             where e.user_id = u.jwl_id and ${SELF_APPROVED})`
      : sql`null::text[]`;
  return sql`u.jwl_id as id, u.username, u.first_name, u.last_name, u.email, u.phone,
    sp.birth_date::text as birth_date, u.employee_type::text as employee_type,
    sp.identification_type::text as identification_type, sp.identification_number,
    coalesce(sp.country_of_residence, (select c.country from user_clcs m join clcs c on c.id = m.clc_id
      where m.user_id = u.jwl_id order by m.clc_id limit 1)) as phone_country,
    (select array_agg(ur.role_key order by ur.role_key) from user_roles ur where ur.user_id = u.jwl_id) as roles,
    uc.user_id is not null as has_clc, ${group} as group_key, ${partners} as duplicate_of,
    ${selfApproved} as self_approved, u.version`;
}

export async function findCheckPage(
  db: Db,
  check: DataCheck,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<{ items: CheckRowWithVersion[]; total: number }> {
  const condition = where(check, query.q);
  const order = ORDER[check] ?? sql`u.jwl_id`;
  const [found, counted] = await tuned(db, async (tx) => [
    await rows<RawRow>(
      tx,
      sql`select ${columns(check)} from ${FROM} where ${condition}
          order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${FROM} where ${condition}`),
  ]);
  return { items: found.map(toRow), total: counted[0]?.n ?? 0 };
}

/** The people of a check in JWL-ID order, a batch at a time (exports, previews). */
export async function* checkBatches(
  db: Db,
  check: DataCheck,
  q?: string,
  batchSize = 1000,
): AsyncGenerator<CheckRowWithVersion[]> {
  let after = 0;
  for (;;) {
    const batch = await tuned(db, (tx) =>
      rows<RawRow>(
        tx,
        sql`select ${columns(check)} from ${FROM} where ${where(check, q)} and u.jwl_id > ${after}
            order by u.jwl_id limit ${batchSize}`,
      ),
    );
    if (batch.length === 0) return;
    yield batch.map(toRow);
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < batchSize) return;
  }
}

/** The current rows of some people (whatever the check), to verify a bulk fix against. */
export async function getCheckRows(db: Db, ids: number[]): Promise<CheckRowWithVersion[]> {
  if (ids.length === 0) return [];
  const found = await rows<RawRow>(
    db,
    sql`select ${columns('data-with-spaces')} from ${FROM}
        where u.deleted_at is null and u.jwl_id = any(${intArray(ids)})`,
  );
  return found.map(toRow);
}

/** Which of these usernames (compared in lower case) someone already holds. */
export async function takenUsernames(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const found = await rows<{ k: string }>(
    db,
    sql`select lower(u.username) as k from users u
        where lower(u.username) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Set(found.map((r) => r.k));
}
