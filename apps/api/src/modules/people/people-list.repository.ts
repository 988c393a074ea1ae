import { sql, type SQL } from 'drizzle-orm';
import type { PersonListQuery, PersonSort } from '@lantern/contracts/people';
import type { Db } from '@lantern/db/client';
import { containsPattern, inList, rows } from '../../lib/sql';
import { Totals } from '../../lib/totals';

// The people lists: their WHERE, order, keyset paging and totals (people.repository.ts
// re-exports what its importers use).
/** The text the trigram index covers; the search expression must be exactly this. */
const SEARCH_TEXT = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, ''))`;

const SORTS: Record<PersonSort, SQL> = {
  id: sql`u.jwl_id`,
  lastName: sql`lower(u.last_name)`,
  firstName: sql`lower(u.first_name)`,
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  clc: sql`(select min(c.code) from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id)`,
  status: sql`u.status`,
  createdAt: sql`u.created_at`,
  lastSignInAt: sql`u.last_sign_in_at`,
  nationality: sql`sp.nationality`,
  birthDate: sql`sp.birth_date`,
};

export type PeopleFilter = {
  /** People of the kind hold one of these roles; null: everyone. */
  roles: string[] | null;
  /** The CLCs the request reaches; null: every CLC. */
  scope: number[] | null;
  query: Omit<PersonListQuery, 'page' | 'limit' | 'sort' | 'dir' | 'after' | 'before'>;
};

/** The WHERE of a people list: kind, scope, filters and search. */
export function peopleCondition({ roles, scope, query }: PeopleFilter): SQL {
  // Removed people (a cleanup or a merge) leave every list. They hold no roles either, so the
  // role-count shortcut below needs no such condition.
  const parts: SQL[] = [sql`u.deleted_at is null`];
  if (roles)
    parts.push(
      sql`exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key in (${inList(roles)}))`,
    );
  if (query.role)
    parts.push(
      sql`exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = ${query.role})`,
    );
  if (scope) {
    parts.push(
      scope.length
        ? sql`exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and uc.clc_id in (${inList(scope)}))`
        : sql`false`,
    );
  }
  if (query.clc)
    parts.push(
      sql`exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and uc.clc_id = ${query.clc})`,
    );
  if (query.status) parts.push(sql`u.status = ${query.status}`);
  if (query.gender) parts.push(sql`u.gender = ${query.gender}`);
  if (query.employeeType) parts.push(sql`u.employee_type = ${query.employeeType}`);
  if (query.nationality) parts.push(sql`sp.nationality = ${query.nationality}`);
  if (query.residencyStatus) parts.push(sql`sp.residency_status = ${query.residencyStatus}`);
  if (query.q) {
    const text = sql`${SEARCH_TEXT} like ${containsPattern(query.q.toLowerCase())}`;
    parts.push(/^\d{1,9}$/.test(query.q) ? sql`(u.jwl_id = ${Number(query.q)} or ${text})` : text);
  }
  return sql.join(parts, sql` and `);
}

export type PersonListRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: 'm' | 'f' | 'o' | null;
  status: 'active' | 'locked';
  employee_type: string | null;
  roles: string[];
  clcs: string[];
  nationality: string | null;
  residency_status: string | null;
  birth_date: string | null;
  /** ISO 8601 text (`isoText`). */
  last_sign_in_at: string | null;
  created_at: string;
};

/** A timestamp as `Date.prototype.toISOString` writes it, made by the database (0013). */
const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The lists as JSON and the times as ISO text: parsing array literals and dates row by row was
// a sixth of the HTTP thread's time under load (decision 0013).
const LIST_COLUMNS = sql`u.jwl_id as id, u.username, u.first_name, u.last_name, u.email, u.phone, u.gender, u.status,
  u.employee_type, ${isoText(sql`u.last_sign_in_at`)} as last_sign_in_at, ${isoText(sql`u.created_at`)} as created_at,
  sp.nationality, sp.residency_status, sp.birth_date::text as birth_date,
  to_json(array(select ur.role_key from user_roles ur where ur.user_id = u.jwl_id order by ur.role_key)) as roles,
  to_json(array(select c.code from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id order by c.code)) as clcs`;

/** Sorts whose value can be null; the rest are NOT NULL columns or expressions over them. */
const NULLABLE_SORTS = new Set<PersonSort>([
  'email',
  'clc',
  'lastSignInAt',
  'nationality',
  'birthDate',
]);

/** Where a page starts: an offset, or just after / just before a row (keyset paging). */
export type PageStart = { offset: number } | { after: PageCursor } | { before: PageCursor };

/** A row's place in an order: its sort value as text (null sorts last) and its id. */
export type PageCursor = { value: string | null; id: number };

/**
 * The rows strictly beyond the cursor, travelling forwards (`after`) or backwards (`before`)
 * through `order by <sort> <dir> nulls last, id <dir>`. Non-null sorts compare as a row, which
 * the (expression, id) indexes answer directly; nullable ones spell out where nulls fall.
 */
function keysetCondition(
  sort: PersonSort,
  dir: 'asc' | 'desc',
  cursor: PageCursor,
  travel: 'after' | 'before',
): SQL {
  const expr = SORTS[sort];
  const op = (dir === 'asc') === (travel === 'after') ? sql.raw('>') : sql.raw('<');
  if (!NULLABLE_SORTS.has(sort)) {
    return sql`(${expr}, u.jwl_id) ${op} (${cursor.value}, ${cursor.id})`;
  }
  if (cursor.value === null) {
    // The cursor is among the nulls, which come last: after it only nulls; before it, every
    // value and the nulls with a smaller (or larger) id.
    return travel === 'after'
      ? sql`(${expr} is null and u.jwl_id ${op} ${cursor.id})`
      : sql`(${expr} is not null or u.jwl_id ${op} ${cursor.id})`;
  }
  const beyond = sql`${expr} ${op} ${cursor.value} or (${expr} = ${cursor.value} and u.jwl_id ${op} ${cursor.id})`;
  return travel === 'after' ? sql`(${beyond} or ${expr} is null)` : sql`(${beyond})`;
}

/** The total of a filter that reads only memberships: counted from them, not from users. */
function membershipCount(filter: PeopleFilter): SQL | null {
  const { roles, scope, query } = filter;
  const onPeople =
    query.q ??
    query.status ??
    query.gender ??
    query.employeeType ??
    query.nationality ??
    query.residencyStatus;
  if (onPeople !== undefined || roles?.length !== 1) return null;
  // One kind role: one user_roles row per person, so its rows count people. Joining users to
  // count them hashes every person (34 ms for 100,000 students on PGlite); this reads the role
  // index (9 ms). Every user_roles row has its user (foreign key), so the counts agree.
  const parts: SQL[] = [sql`k.role_key = ${roles[0]}`];
  if (query.role)
    parts.push(
      sql`exists (select 1 from user_roles ur where ur.user_id = k.user_id and ur.role_key = ${query.role})`,
    );
  if (scope)
    parts.push(
      scope.length
        ? sql`exists (select 1 from user_clcs uc where uc.user_id = k.user_id and uc.clc_id in (${inList(scope)}))`
        : sql`false`,
    );
  if (query.clc)
    parts.push(
      sql`exists (select 1 from user_clcs uc where uc.user_id = k.user_id and uc.clc_id = ${query.clc})`,
    );
  return sql`select count(*)::int as n from user_roles k where ${sql.join(parts, sql` and `)}`;
}

/** The number of people a filter finds: two ways to the same figure (a test holds them equal). */
export function countSql(filter: PeopleFilter, shortcut = true): SQL {
  return (
    (shortcut ? membershipCount(filter) : null) ??
    sql`select count(*)::int as n from users u left join student_profiles sp on sp.user_id = u.jwl_id where ${peopleCondition(filter)}`
  );
}

export type PersonPageRow = PersonListRow & { sort_key: string | null };

/** The people change counter (migration 0011), as text: its value and whether it was used. */
const CHANGES = sql`(select (last_value * 2 + is_called::int)::text from people_changes)`;

const countWithChanges = (filter: PeopleFilter): SQL =>
  sql`select c.n, ${CHANGES} as changes from (${countSql(filter)}) c`;

/** People list totals by filter (lib/totals.ts), one set a database. */
const TOTALS = new WeakMap<Db, Totals>();
const totalsOf = (db: Db) => {
  let totals = TOTALS.get(db);
  if (!totals) TOTALS.set(db, (totals = new Totals()));
  return totals;
};

/**
 * One page of people, whether there is more beyond it, and the filtered total: one query, or
 * two when the total is not known since the last change to people. The page's ids come first
 * (one row more than the page, to know whether another follows), then the columns, with their
 * role and CLC lists, for those rows only.
 */
export async function findPeople(
  db: Db,
  filter: PeopleFilter,
  page: { limit: number; sort: PersonSort; dir: 'asc' | 'desc'; start: PageStart },
) {
  const condition = peopleCondition(filter);
  const { sort, dir, start } = page;
  const sortExpr = SORTS[sort];
  const order = (d: 'asc' | 'desc') =>
    sql`${sortExpr} ${sql.raw(d)} nulls last, u.jwl_id ${sql.raw(d)}`;
  const backwards = 'before' in start;
  // Travelling backwards reads the reverse order (nulls first), then turns the page round.
  const innerOrder = backwards
    ? sql`${sortExpr} ${sql.raw(dir === 'asc' ? 'desc' : 'asc')} nulls first, u.jwl_id ${sql.raw(dir === 'asc' ? 'desc' : 'asc')}`
    : order(dir);
  const where =
    'after' in start
      ? sql`${condition} and ${keysetCondition(sort, dir, start.after, 'after')}`
      : 'before' in start
        ? sql`${condition} and ${keysetCondition(sort, dir, start.before, 'before')}`
        : condition;
  const offset = 'offset' in start ? start.offset : 0;
  const list = rows<PersonPageRow & { changes: string }>(
    db,
    sql`with page as (
          select u.jwl_id, (${sortExpr})::text as sort_key
          from users u left join student_profiles sp on sp.user_id = u.jwl_id
          where ${where}
          order by ${innerOrder}
          limit ${page.limit + 1} offset ${offset}
        )
        select ${LIST_COLUMNS}, p.sort_key, ${CHANGES} as changes
        from page p join users u on u.jwl_id = p.jwl_id left join student_profiles sp on sp.user_id = u.jwl_id
        order by ${order(dir)}`,
  );
  // The total as last counted while nothing changed (lib/totals.ts); else counted, beside the
  // page when this filter has no total yet.
  const key = JSON.stringify([filter.roles ?? null, filter.scope, filter.query]);
  const totals = totalsOf(db);
  let countedAt = totals.now();
  const count = () => rows<{ n: number; changes: string }>(db, countWithChanges(filter));
  const [listed, early] = await Promise.all([list, totals.has(key) ? null : count()]);
  let n = early ? undefined : totals.get(key, listed[0]?.changes ?? null);
  if (n === undefined) {
    if (!early) countedAt = totals.now();
    const [counted] = early ?? (await count());
    n = counted?.n ?? 0;
    if (counted) totals.set(key, counted.changes, n, countedAt);
  }
  const found = listed.map(({ changes: _changes, ...row }) => row);
  const more = found.length > page.limit;
  // The extra row is the one furthest along the way the page was read.
  const items = more ? (backwards ? found.slice(1) : found.slice(0, page.limit)) : found;
  return {
    items,
    total: n,
    hasNext: backwards ? true : more,
    hasPrev: backwards ? more : 'after' in start || offset > 0,
  };
}
