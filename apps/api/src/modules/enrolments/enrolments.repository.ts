import { sql, type SQL } from 'drizzle-orm';
import type {
  ENROLMENT_SORTS,
  EnrolmentState,
  ProgrammeStatus,
  ProgrammeType,
  enrolmentListQuerySchema,
} from '@lantern/contracts/programme';
import type { z } from 'zod';
import type { Db } from '@lantern/db/client';
import { containsPattern, inScope, intArray, rows, textArray } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';

export type ProgrammeRef = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  status: ProgrammeStatus;
  /** The CLCs that offer it. */
  clcIds: number[];
};

/**
 * A programme the request reaches: offered at one of its CLCs (or any, for a network-wide
 * role). Queried here rather than through the programmes area, which owns its own rules.
 */
export async function getProgrammeInScope(
  db: Db,
  id: number,
  scope: number[] | null,
): Promise<ProgrammeRef | null> {
  const [found] = await rows<{
    id: number;
    code: string;
    title: string;
    type: ProgrammeType;
    status: ProgrammeStatus;
    clc_ids: number[];
  }>(
    db,
    sql`select p.id, p.code, p.title, p.type, p.status,
          array(select pc.clc_id from programme_clcs pc where pc.programme_id = p.id order by pc.clc_id) as clc_ids
        from programmes p
        where p.id = ${id}
          and ${programmeInReach(sql`p.id`, scope)}`,
  );
  return found
    ? {
        id: found.id,
        code: found.code,
        title: found.title,
        type: found.type,
        status: found.status,
        clcIds: found.clc_ids,
      }
    : null;
}

type EnrolmentSort = (typeof ENROLMENT_SORTS)[number];
const SORTS: Record<EnrolmentSort, SQL> = {
  lastName: sql`lower(u.last_name)`,
  firstName: sql`lower(u.first_name)`,
  id: sql`u.jwl_id`,
  state: sql`e.state`,
  clc: sql`c.code`,
  updatedAt: sql`e.updated_at`,
};

/** The text the users' trigram index covers; the search expression must be exactly this. */
const SEARCH_TEXT = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, ''))`;

/** On a break today; only an active student is (a passed or withdrawn one has left). */
const currentBreak = (today: string) =>
  sql`(e.state = 'active' and exists (select 1 from study_breaks sb where sb.enrolment_id = e.id and sb.starts_on <= ${today}::date and sb.ends_on >= ${today}::date))`;

export type EnrolmentFilter = Omit<
  z.output<typeof enrolmentListQuerySchema>,
  'page' | 'limit' | 'sort' | 'dir'
> & { ids?: number[] };

function enrolmentCondition(
  programmeId: number,
  scope: number[] | null,
  filter: EnrolmentFilter,
  today: string,
): SQL {
  const parts: SQL[] = [
    sql`e.programme_id = ${programmeId}`,
    inScope(sql`e.clc_id`, scope),
    // A removed person (data cleanup, merge) leaves the list; their enrolment row stays.
    sql`u.deleted_at is null`,
  ];
  if (filter.ids) parts.push(sql`e.id = any(${intArray(filter.ids)})`);
  if (filter.state) parts.push(sql`e.state = ${filter.state}`);
  if (filter.clc) parts.push(sql`e.clc_id = ${filter.clc}`);
  if (filter.onBreak === true) parts.push(currentBreak(today));
  if (filter.onBreak === false) parts.push(sql`not ${currentBreak(today)}`);
  if (filter.q) {
    const text = sql`${SEARCH_TEXT} like ${containsPattern(filter.q.toLowerCase())}`;
    parts.push(
      /^\d{1,9}$/.test(filter.q) ? sql`(u.jwl_id = ${Number(filter.q)} or ${text})` : text,
    );
  }
  return sql.join(parts, sql` and `);
}

export type EnrolmentRow = {
  id: number;
  programme_id: number;
  state: EnrolmentState;
  reason: string | null;
  version: number;
  updated_at: Date | string;
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string | null;
  clc_id: number | null;
  clc_code: string | null;
  class_id: number | null;
  class_name: string | null;
  break_id: number | null;
  break_starts_on: string | null;
  break_ends_on: string | null;
  break_reason: string | null;
};

/** The columns of an enrolment row, with the break the student is on today (if any). */
const ROW_COLUMNS = sql`
  e.id, e.programme_id, e.state, e.reason, e.version, e.updated_at,
  u.jwl_id as user_id, u.first_name, u.last_name, u.username, u.email,
  c.id as clc_id, c.code as clc_code, cl.id as class_id, cl.name as class_name,
  b.id as break_id, b.starts_on::text as break_starts_on, b.ends_on::text as break_ends_on,
  b.reason as break_reason`;

const ROW_JOINS = (today: string) => sql`
  join users u on u.jwl_id = e.user_id
  left join clcs c on c.id = e.clc_id
  left join classes cl on cl.id = e.class_id
  left join lateral (
    select sb.id, sb.starts_on, sb.ends_on, sb.reason from study_breaks sb
    where sb.enrolment_id = e.id and sb.starts_on <= ${today}::date and sb.ends_on >= ${today}::date
    order by sb.starts_on desc limit 1
  ) b on true`;

/** One page of a programme's students and the filtered total, in two queries. */
export async function findEnrolments(
  db: Db,
  input: {
    programmeId: number;
    scope: number[] | null;
    filter: EnrolmentFilter;
    today: string;
    page: { limit: number; offset: number; sort: EnrolmentSort; dir: 'asc' | 'desc' };
  },
): Promise<{ items: EnrolmentRow[]; total: number }> {
  const { programmeId, scope, filter, today, page } = input;
  const where = enrolmentCondition(programmeId, scope, filter, today);
  const dir = sql.raw(page.dir);
  const order = sql`${SORTS[page.sort]} ${dir} nulls last, e.id ${dir}`;
  const [items, [total]] = await Promise.all([
    rows<EnrolmentRow>(
      db,
      sql`with page as (
            select e.id from enrolments e
            join users u on u.jwl_id = e.user_id left join clcs c on c.id = e.clc_id
            where ${where} order by ${order} limit ${page.limit} offset ${page.offset}
          )
          select ${ROW_COLUMNS}
          from page p join enrolments e on e.id = p.id ${ROW_JOINS(today)}
          order by ${order}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from enrolments e join users u on u.jwl_id = e.user_id
          where ${where}`,
    ),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One enrolment of a programme within the request's reach, or null. */
export async function getEnrolment(
  db: Db,
  input: { programmeId: number; scope: number[] | null; id: number; today: string },
): Promise<EnrolmentRow | null> {
  const { programmeId, scope, id, today } = input;
  const [row] = await rows<EnrolmentRow>(
    db,
    sql`select ${ROW_COLUMNS} from enrolments e ${ROW_JOINS(today)}
        where ${enrolmentCondition(programmeId, scope, { ids: [id] }, today)}`,
  );
  return row ?? null;
}

export type BreakRow = {
  id: number;
  enrolment_id: number;
  starts_on: string;
  ends_on: string;
  reason: string | null;
};

/** The study breaks of some enrolments, earliest first; `from` leaves out those ended before it. */
export async function findBreaks(db: Db, enrolmentIds: number[], from?: string) {
  if (enrolmentIds.length === 0) return [];
  return rows<BreakRow>(
    db,
    sql`select id, enrolment_id, starts_on::text as starts_on, ends_on::text as ends_on, reason
        from study_breaks
        where enrolment_id = any(${intArray(enrolmentIds)})
          ${from ? sql`and ends_on >= ${from}::date` : sql``}
        order by enrolment_id, starts_on, id`,
  );
}

export async function insertBreak(
  db: Db,
  values: {
    enrolmentId: number;
    startsOn: string;
    endsOn: string;
    reason: string | null;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into study_breaks (enrolment_id, starts_on, ends_on, reason, created_by)
        values (${values.enrolmentId}, ${values.startsOn}::date, ${values.endsOn}::date,
                ${values.reason}, ${values.createdBy})
        returning id`,
  );
  if (!row) throw new Error('The study break could not be saved.');
  return row.id;
}

export async function deleteBreak(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from study_breaks where id = ${id}`);
}

export async function setBreakEnd(db: Db, id: number, endsOn: string): Promise<void> {
  await db.execute(sql`update study_breaks set ends_on = ${endsOn}::date where id = ${id}`);
}

/** A change to an enrolment's breaks changes what it shows: its version moves on. */
export async function touchEnrolment(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`update enrolments set version = version + 1, updated_at = now() where id = ${id}`,
  );
}

/** Whether a student (a person holding the STUDENT role) is within the request's reach. */
export async function studentInScope(db: Db, id: number, scope: number[] | null): Promise<boolean> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select u.jwl_id as id from users u
        where u.jwl_id = ${id}
          and exists (select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key = 'STUDENT')
          and ${
            scope === null
              ? sql`true`
              : sql`exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and ${inScope(sql`uc.clc_id`, scope)})`
          }`,
  );
  return Boolean(found);
}

export type StudentEnrolmentRow = {
  id: number;
  state: EnrolmentState;
  reason: string | null;
  version: number;
  updated_at: Date | string;
  programme_id: number;
  programme_code: string;
  programme_title: string;
  programme_type: ProgrammeType;
  programme_status: ProgrammeStatus;
  start_date: string;
  end_date: string;
  clc_id: number | null;
  clc_code: string | null;
  class_id: number | null;
  class_name: string | null;
};

/** Every programme a person is in, the latest first. */
export async function findStudentEnrolments(db: Db, userId: number) {
  return rows<StudentEnrolmentRow>(
    db,
    sql`select e.id, e.state, e.reason, e.version, e.updated_at,
          p.id as programme_id, p.code as programme_code, p.title as programme_title,
          p.type as programme_type, p.status as programme_status,
          p.start_date::text as start_date, p.end_date::text as end_date,
          c.id as clc_id, c.code as clc_code, cl.id as class_id, cl.name as class_name
        from enrolments e
        join programmes p on p.id = e.programme_id
        left join clcs c on c.id = e.clc_id
        left join classes cl on cl.id = e.class_id
        where e.user_id = ${userId}
        order by p.start_date desc, e.id desc`,
  );
}

export type HistoryRow = {
  id: number;
  entity_id: string;
  at: Date | string;
  action: string;
  changes: Record<string, unknown> | null;
  actor_id: number | null;
  actor_name: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
};

/** The audit rows of some enrolments, newest first, in one query. */
export async function findEnrolmentHistory(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return rows<HistoryRow>(
    db,
    sql`select a.id, a.entity_id, a.at, a.action, a.changes,
          ac.jwl_id as actor_id, ac.first_name || ' ' || ac.last_name as actor_name,
          im.jwl_id as impersonator_id, im.first_name || ' ' || im.last_name as impersonator_name
        from audit_log a
        left join users ac on ac.jwl_id = a.actor_id
        left join users im on im.jwl_id = a.impersonator_id
        where a.entity_type = 'enrolment'
          and a.entity_id = any(${textArray(ids.map(String))})
        order by a.id desc`,
  );
}
