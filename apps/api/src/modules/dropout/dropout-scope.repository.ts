import { sql, type SQL } from 'drizzle-orm';

/**
 * What an item's figures are counted over. Without terms: all of the student's work in the
 * programme. With terms (bachelor, decision 0022): an `all` item still counts everything, but an
 * item of a term counts only the courses the term offers (course or internship) in which the
 * student is placed, active or open; a student with no such place is not evaluated for it. Every
 * per-student figure then carries the term key it was counted for (`key`), and is read by the
 * items of that key (`same`). With one item (a preview) every figure is of its key already, and
 * the join on the key is left out: the planner cannot size it (one row in 200 of a CTE), guessed
 * one hit for 6,000 and read whole tables in nested loops (10 s instead of 5 s in the bench).
 */
export function scope(byTerm: boolean, oneItem: boolean) {
  return {
    /** The tasks the figures aggregate: per term key when by term. */
    tasks: byTerm ? sql`scoped_tasks` : sql`tasks`,
    /** The term key column as a leading select or group-by column, when by term. */
    key: (alias: string) => (byTerm ? sql`${sql.raw(alias)}.term_key,` : sql``),
    /** The join condition that pairs a figure with the items of its term key, when by term. */
    same: (alias: string) =>
      byTerm && !oneItem ? sql`and ${sql.raw(alias)}.term_key = it.term_key` : sql``,
    /**
     * By term, each result row carries its evidence's task lists: counted (non-zero-point and
     * zero-point), on a break, and zero-point left out.
     */
    lists: (nz: SQL, z: SQL, onBreak: SQL, excludedZ: SQL) =>
      byTerm
        ? sql`, ${nz} as nz_ids, ${z} as z_ids, ${onBreak} as break_ids, ${excludedZ} as excluded_z_ids`
        : sql``,
    listColumns: byTerm ? sql`, nz_ids, z_ids, break_ids, excluded_z_ids` : sql``,
  };
}

/** By term: each (term key of an item, enrolment, course) the items count, with the term's start. */
export const termCoursesCte = (programmeId: number) => sql`
  term_courses as (
    select distinct bt.year::text || '-' || bt.season::text as term_key, sc.enrolment_id, o.course_id,
           bt.start_date as starts_on
      from ba_terms bt
      join ba_offerings o on o.term_id = bt.id
      join ba_student_courses sc on sc.offering_id = o.id and sc.status in ('active', 'open')
     where bt.programme_id = ${programmeId}
       and bt.year::text || '-' || bt.season::text in (select term_key from items)
  ),`;

/**
 * By term: the tasks once per term key that counts them (`all` every course, a term its placed
 * courses only). One item: the tasks are its own already (see the tasks' filter), so no join.
 */
export const scopedTasksCte = (oneItem: boolean) =>
  oneItem
    ? sql`
  scoped_tasks as not materialized (
    select (select term_key from items) as term_key, t.* from tasks t
  ),`
    : sql`
  -- Not materialized: read by the counts and the course results, each once, so no copy of tasks.
  scoped_tasks as not materialized (
    select 'all'::text as term_key, t.* from tasks t
     where exists (select 1 from items where term_key = 'all')
    union all
    select tc.term_key, t.* from term_courses tc
      join tasks t on t.enrolment_id = tc.enrolment_id and t.course_id = tc.course_id
  ),`;

/** The weeks since each student's latest activity in the programme's courses (`inactive`). */
export const inactiveCtes = (programmeId: number) => sql`
  -- The latest activity of each student in the programme's courses, grouped once: a lookup per
  -- student read no index that starts with the student on submissions (the bench's plan). Only
  -- when an inactive item is evaluated (the one-time filter skips the scans otherwise).
  activity as (
    select cp.student_id, max(cp.last_activity_at) as at from course_progress cp
      join programme_courses c on c.id = cp.course_id and c.programme_id = ${programmeId}
     where exists (select 1 from items where criterion = 'inactive')
     group by cp.student_id
    union all
    select s.student_id, max(s.submitted_at) from submissions s
      join programme_courses c on c.id = s.course_id and c.programme_id = ${programmeId}
     where s.status = 'submitted' and exists (select 1 from items where criterion = 'inactive')
     group by s.student_id
    union all
    select ip.student_id, max(ip.completed_at) from item_progress ip
      join programme_courses c on c.id = ip.course_id and c.programme_id = ${programmeId}
     where exists (select 1 from items where criterion = 'inactive')
     group by ip.student_id
  ),
  last_active as (select student_id, max(at) as at from activity group by student_id),
  inactive as (
    select it.id as item_id, en.enrolment_id,
           round((extract(epoch from now() - coalesce(la.at,
             -- Never active: counted from the later of the programme's start and the enrolment.
             greatest((select start_date from schema)::timestamptz, en.created_at)))
           / 604800)::numeric, 2) as ratio,
           null::int as course_id
      from items it cross join enr en
      left join last_active la on la.student_id = en.student_id
     where it.criterion = 'inactive'
  ),`;

/**
 * By term: the same, per course, so that an item of a term reads only the activity in the
 * courses it counts; never active there is counted from the term's start at the earliest.
 */
export const termInactiveCtes = (programmeId: number, s: EvaluationScope) => sql`
  activity as (
    select cp.student_id, cp.course_id, max(cp.last_activity_at) as at from course_progress cp
      join programme_courses c on c.id = cp.course_id and c.programme_id = ${programmeId}
     where exists (select 1 from items where criterion = 'inactive')
     group by cp.student_id, cp.course_id
    union all
    select s.student_id, s.course_id, max(s.submitted_at) from submissions s
      join programme_courses c on c.id = s.course_id and c.programme_id = ${programmeId}
     where s.status = 'submitted' and exists (select 1 from items where criterion = 'inactive')
     group by s.student_id, s.course_id
    union all
    select ip.student_id, ip.course_id, max(ip.completed_at) from item_progress ip
      join programme_courses c on c.id = ip.course_id and c.programme_id = ${programmeId}
     where exists (select 1 from items where criterion = 'inactive')
     group by ip.student_id, ip.course_id
  ),
  last_active as (
    select 'all'::text as term_key, en.enrolment_id, max(a.at) as at, null::date as starts_on
      from enr en left join activity a on a.student_id = en.student_id
     where exists (select 1 from items where criterion = 'inactive' and term_key = 'all')
     group by en.enrolment_id
    union all
    select tc.term_key, tc.enrolment_id, max(a.at), min(tc.starts_on)
      from term_courses tc
      join enr en on en.enrolment_id = tc.enrolment_id
      left join activity a on a.student_id = en.student_id and a.course_id = tc.course_id
     where exists (select 1 from items where criterion = 'inactive')
     group by tc.term_key, tc.enrolment_id
  ),
  inactive as (
    select it.id as item_id, en.enrolment_id,
           round((extract(epoch from now() - coalesce(la.at,
             greatest((select start_date from schema)::timestamptz, en.created_at,
                      la.starts_on::timestamptz)))
           / 604800)::numeric, 2) as ratio,
           null::int as course_id, null::int[] as nz_ids, null::int[] as z_ids,
           null::int[] as break_ids, null::int[] as excluded_z_ids
      from items it
      join last_active la on true ${s.same('la')}
      join enr en on en.enrolment_id = la.enrolment_id
     where it.criterion = 'inactive'
  ),`;
/** What an item's figures are counted over (see scope). */
export type EvaluationScope = ReturnType<typeof scope>;
