import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CourseStatus, OFFERING_KINDS } from '@lantern/contracts/bachelor';
import type { StudentCourse, studentCourseQuerySchema } from '@lantern/contracts/bachelor-terms';
import type { Db } from '@lantern/db/client';
import { containsPattern, inScope, intArray, rows } from '../../lib/sql';

export type Row = {
  id: number;
  enrolment_id: number;
  jwl_id: number;
  student: string;
  first_name: string;
  last_name: string;
  enrolment_state: StudentCourse['enrolmentState'];
  clc_id: number | null;
  clc: string | null;
  clc_name: string | null;
  term_key: string;
  start_date: string | Date;
  offering_id: number;
  kind: (typeof OFFERING_KINDS)[number];
  course_id: number;
  course_code: string;
  title: string;
  status: CourseStatus;
  classroom: string | null;
  class_id: number | null;
  reason: string | null;
  version: number;
};

const COLUMNS = sql`s.id, s.enrolment_id, u.jwl_id, u.first_name || ' ' || u.last_name as student,
  u.first_name, u.last_name, e.state::text as enrolment_state,
  e.clc_id, l.code as clc, l.name as clc_name, t.year::text || '-' || t.season::text as term_key, t.start_date,
  o.id as offering_id, o.kind::text as kind, o.course_id, c.code as course_code,
  coalesce(o.title, c.title) as title, s.status::text as status, k.name as classroom, s.class_id,
  s.reason, s.version`;
const FROM = sql`ba_student_courses s
  join ba_offerings o on o.id = s.offering_id
  join ba_terms t on t.id = o.term_id
  join programme_courses c on c.id = o.course_id
  join enrolments e on e.id = s.enrolment_id
  join users u on u.jwl_id = e.user_id
  left join clcs l on l.id = e.clc_id
  left join classes k on k.id = s.class_id`;

type Query = z.output<typeof studentCourseQuerySchema>;
/** Which student courses: the list's filters (the term by its id, looked up by the caller). */
export type Filter = Omit<Query, 'page' | 'limit' | 'sort' | 'dir'>;

const SORTS: Record<Query['sort'], SQL[]> = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  course: [sql`c.code`, sql`lower(coalesce(o.title, c.title))`],
  status: [sql`s.status`],
  clc: [sql`lower(l.name)`],
  jwlId: [sql`u.jwl_id`],
};

function condition(
  scope: number[] | null,
  programmeId: number,
  f: Filter,
  termId: number | undefined,
) {
  const parts: SQL[] = [
    sql`t.programme_id = ${programmeId}`,
    sql`o.kind = ${f.kind}`,
    inScope(sql`e.clc_id`, scope),
  ];
  if (termId !== undefined) parts.push(sql`t.id = ${termId}`);
  else if (f.year !== undefined) parts.push(sql`t.year = ${f.year}`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.courseId) parts.push(sql`o.course_id = ${f.courseId}`);
  if (f.clcId) parts.push(sql`e.clc_id = ${f.clcId}`);
  if (f.q) {
    const text = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, '')) like ${containsPattern(f.q.toLowerCase())}`;
    parts.push(/^\d{1,9}$/.test(f.q) ? sql`(u.jwl_id = ${Number(f.q)} or ${text})` : text);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The tables a count needs for the filter: a student course, its offering and term always;
 * the enrolment for a CLC (scope or filter), the person for a search. Every student course has
 * both (foreign keys), so leaving them out counts the same rows, faster.
 */
function countFrom(scope: number[] | null, f: Filter): SQL {
  const enrolment = scope !== null || f.clcId !== undefined || Boolean(f.q);
  return sql`ba_student_courses s
    join ba_offerings o on o.id = s.offering_id
    join ba_terms t on t.id = o.term_id
    ${enrolment ? sql`join enrolments e on e.id = s.enrolment_id` : sql``}
    ${f.q ? sql`join users u on u.jwl_id = e.user_id` : sql``}`;
}

/** One page of the student courses the filter finds in the CLC scope, and the count of all. */
export async function studentCoursePage(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  query: Query,
  termId: number | undefined,
) {
  const where = condition(scope, programmeId, query, termId);
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const order = sql.join(
    [...SORTS[query.sort], sql`s.id`].map((by) => sql`${by} ${dir}`),
    sql`, `,
  );
  // The page's ids first, sorted on their keys alone; then the page's 50 rows whole, in that
  // order, and the count beside them: one statement, and the wide columns and joins for the
  // page only (a window count over the whole term took twice as long, bench students-term).
  const found = await rows<Row & { total: number }>(
    db,
    sql`select ${COLUMNS}, (select count(*)::int from ${countFrom(scope, query)} where ${where}) as total
        from unnest(array(select s.id from ${FROM} where ${where} order by ${order}
          limit ${query.limit} offset ${(query.page - 1) * query.limit})) with ordinality as p(id, n)
        join (${FROM}) on s.id = p.id
        order by p.n`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && query.page > 1) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${countFrom(scope, query)} where ${where}`,
    );
    total = count?.n ?? 0;
  }
  return { found, total };
}

/** The next rows of an export, by id after `after`. */
export function studentCourseBatch(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  filter: Filter,
  termId: number | undefined,
  after: number,
) {
  const where = condition(scope, programmeId, filter, termId);
  return rows<Row>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${where} and s.id > ${after} order by s.id limit 1000`,
  );
}

/** A student course of the programme in the scope, locked for a move if asked. */
export async function studentCourseRow(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  id: number,
  lock: boolean,
) {
  const [row] = await rows<Row>(
    db,
    sql`select ${COLUMNS} from ${FROM}
        where s.id = ${id} and t.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, scope)}
        ${lock ? sql`for update of s` : sql``}`,
  );
  return row;
}

/** Locks the offering, so two placements at once cannot pass its capacity together. */
export async function lockOffering(db: Db, offeringId: number) {
  await db.execute(sql`select id from ba_offerings where id = ${offeringId} for update`);
}

/** Of the enrolments, the active ones of the programme in the scope. */
export const activeEnrolmentsAmong = (
  db: Db,
  ids: readonly number[],
  programmeId: number,
  scope: number[] | null,
) =>
  rows<{ id: number }>(
    db,
    sql`select e.id from enrolments e where e.id = any(${intArray(ids)})
            and e.programme_id = ${programmeId} and e.state = 'active'
            and ${inScope(sql`e.clc_id`, scope)}`,
  );

/** The offering's placed students, and how many of the enrolments are among them. */
export async function offeringPlacedCounts(db: Db, ids: readonly number[], offeringId: number) {
  const [counts] = await rows<{ placed: number; already: number }>(
    db,
    sql`select count(*)::int as placed,
            count(*) filter (where enrolment_id = any(${intArray(ids)}))::int as already
          from ba_student_courses where offering_id = ${offeringId}`,
  );
  return counts;
}

/** Places the enrolments in the offering; those newly placed. */
export const insertStudentCourses = (
  db: Db,
  offeringId: number,
  ids: readonly number[],
  changedBy: number,
) =>
  rows<{ id: number; enrolment_id: number }>(
    db,
    sql`insert into ba_student_courses (offering_id, enrolment_id, changed_by)
          select ${offeringId}, x, ${changedBy}::int from unnest(${intArray(ids)}) x
          on conflict (offering_id, enrolment_id) do nothing returning id, enrolment_id`,
  );

/** The start of the term of the offering. */
export async function termStartOfOffering(db: Db, offeringId: number) {
  const [term] = await rows<{ start_date: string | Date }>(
    db,
    sql`select t.start_date from ba_terms t join ba_offerings o on o.term_id = t.id
            where o.id = ${offeringId}`,
  );
  return term;
}

export async function setCourseStatus(
  db: Db,
  studentCourseId: number,
  to: CourseStatus,
  reason: string | null,
  changedBy: number,
) {
  await db.execute(
    sql`update ba_student_courses set status = ${to}, reason = ${reason},
            changed_by = ${changedBy}, version = version + 1, updated_at = now()
          where id = ${studentCourseId}`,
  );
}
