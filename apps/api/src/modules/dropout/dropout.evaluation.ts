import { sql, type SQL } from 'drizzle-orm';
import {
  DROPOUT_CRITERIA,
  DROPOUT_CRITERION_LABELS,
  type DropoutAction,
  type DropoutCriterion,
  type DropoutFlagStatus,
  type Evidence,
} from '@lantern/contracts/dropout';
import type { Db } from '@lantern/db/client';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { rows } from '../../lib/sql';

/** An item as the evaluation reads it: a saved one, or the form's unsaved one (preview). */
export type CriterionInput = {
  action: DropoutAction;
  criterion: DropoutCriterion;
  percent: number | null;
  weeks: number | null;
  ignoreZeroPointTasks: boolean;
};

/** The counted task ids as a sorted JSON array: the zero-point ones too unless the item ignores them. */
const idsJson = (ids: SQL, zeroPoint: SQL) =>
  sql`coalesce((select jsonb_agg(x order by x) from unnest(coalesce(${ids}, '{}')
      || case when it.ignore_zero_point_tasks then '{}'::int[] else coalesce(${zeroPoint}, '{}') end) x),
    '[]'::jsonb)`;

/** The tasks left out with why, by task: study breaks always, zero-point tasks if ignored. */
const excludedJson = (onBreak: SQL, zeroPoint: SQL) =>
  sql`coalesce((select jsonb_agg(jsonb_build_object('itemId', x.id, 'why', x.why) order by x.id)
      from (select unnest(${onBreak}) as id, 'study_break' as why
            union all
            select unnest(case when it.ignore_zero_point_tasks then ${zeroPoint} end), 'zero_point') x),
    '[]'::jsonb)`;

/** The evidence's task lists, built for the hits only, from the per-student figures. */
const evidenceLists = sql`
             'counted', case it.criterion
               when 'missed_tasks' then ${idsJson(sql`p.due_nz_ids`, sql`p.due_z_ids`)}
               when 'failed_tasks' then ${idsJson(sql`p.pub_nz_ids`, sql`p.pub_z_ids`)}
               when 'below_grade' then ${idsJson(sql`l.nz_ids`, sql`l.z_ids`)}
               else '[]'::jsonb end,
             'excluded', case it.criterion
               when 'missed_tasks' then ${excludedJson(sql`p.due_break_ids`, sql`p.due_z_ids`)}
               when 'inactive' then '[]'::jsonb
               else ${excludedJson(sql`p.pub_break_ids`, sql`p.pub_z_ids`)} end,`;

/**
 * By term, the same lists carried in the results (`scope.lists`): joining the figures again by
 * enrolment and term key after `results` was a nested loop over a CTE scan (the planner guessed
 * 30 hits for 19,811: 790 M rows compared, 73 s in the bench's per-term plan).
 */
const termEvidenceLists = sql`
             'counted', case when it.criterion = 'inactive' then '[]'::jsonb
               else ${idsJson(sql`r.nz_ids`, sql`r.z_ids`)} end,
             'excluded', case when it.criterion = 'inactive' then '[]'::jsonb
               else ${excludedJson(sql`r.break_ids`, sql`r.excluded_z_ids`)} end,`;

/**
 * Per (item, active enrolment) whose item's criterion is met: the flag's status and evidence
 * (decision 0021 §3.2–3.3), as CTEs ending in `hits`. Set-based over the whole programme: the
 * items (saved ones, or one unsaved row for a preview) × the programme's active students not on
 * a study break today × their graded tasks due so far (or graded), aggregated with `filter`.
 * `byTerm` (bachelor programmes) evaluates each item over its term's scope (see `scope`); without
 * it the statement is the one it always was. `oneItem`: the items are one row (a preview).
 */
function hitsCtes(programmeId: number, items: SQL, byTerm = false, oneItem = false): SQL {
  const s = scope(byTerm, oneItem);
  // A ratio item's task list: the tasks due for missed tasks, the published grades for failed.
  const ofRatio = (due: string, published: string) =>
    sql.raw(`case when it.criterion = 'missed_tasks' then p.${due} else p.${published} end`);
  return sql`
  items as (${items}),
  schema as (
    select coalesce(gs.scale_max, 100)::numeric as scale_max, coalesce(gs.pass_mark, 50)::numeric as pass_mark,
           p.start_date
      from programmes p left join grading_schemas gs on gs.id = p.grading_schema_id
     where p.id = ${programmeId}
  ),
  enr as (
    select e.id as enrolment_id, e.user_id as student_id, e.class_id, e.clc_id, e.created_at,
           sm.pending_since, sm.last_sync_at,
           exists (select 1 from study_breaks b where b.enrolment_id = e.id) as has_break
      from enrolments e
      left join learner_sync_marks sm on sm.student_id = e.user_id
     where e.programme_id = ${programmeId} and e.state = 'active'
       -- On a study break today: not evaluated at all.
       and not exists (select 1 from study_breaks b where b.enrolment_id = e.id
                         and current_date between b.starts_on and b.ends_on)
  ),
  -- The (item, student) pairs handed in, in one pass: a lookup per task and student was most of
  -- the time at 20,000 × 60 (the bench's plan).
  handed as (
    select distinct s.item_id, s.student_id from submissions s
      join programme_courses c on c.id = s.course_id and c.programme_id = ${programmeId}
     where s.status = 'submitted'
  ),
  ${byTerm ? termCoursesCte(programmeId) : sql``}
  -- Materialized: once per (student, task), not once per item as well.
  tasks as materialized (
    select en.enrolment_id, en.student_id, i.id as task_id, i.course_id,
           i.max_points::numeric as max_points, coalesce(i.weight, 1)::numeric as weight,
           c.grade_weighting,
           -- Zero-point: adds nothing to the result, i.e. weight 0 under weights (0021 O-1).
           coalesce(c.grade_weighting = 'weights' and i.weight = 0, false) as zero_point,
           coalesce(coalesce(d.due_at, i.due_at) < now(), false) as is_due,
           -- Only students with a break look their breaks up.
           case when en.has_break then exists (select 1 from study_breaks b
                     where b.enrolment_id = en.enrolment_id
                       and (coalesce(d.due_at, i.due_at) at time zone 'UTC')::date
                           between b.starts_on and b.ends_on) else false end as on_break,
           h.item_id is not null as handed_in,
           coalesce(g.is_published and g.outcome = 'graded', false) as published,
           case when g.is_published and g.outcome = 'graded' then g.points::numeric end as points,
           coalesce(g.is_published and g.outcome = 'graded'
                    and g.points::numeric / i.max_points * (select scale_max from schema)
                        < (select pass_mark from schema), false) as failed
      from enr en
      join programme_courses c on c.programme_id = ${programmeId}
      join learning_items i on i.course_id = c.id and i.max_points is not null
       and i.deleted_at is null and i.is_published
      join learning_units u on u.id = i.unit_id and u.deleted_at is null
       and u.status in ('published', 'closed')
      left join item_class_dates d on d.item_id = i.id and d.class_id = en.class_id
      left join grades g on g.item_id = i.id and g.student_id = en.student_id
      left join handed h on h.item_id = i.id and h.student_id = en.student_id
     where not exists (select 1 from course_enrolments ce where ce.course_id = c.id
                         and ce.student_id = en.student_id and ce.status = 'dropped')
       and (coalesce(coalesce(d.due_at, i.due_at) < now(), false)
            or coalesce(g.is_published and g.outcome = 'graded', false))
       ${
         byTerm
           ? sql`-- Only the courses an item counts: all of them if one item is of all (one-time),
       -- else the placed courses of the items' terms (a hashed list).
       and (exists (select 1 from items where term_key = 'all')
            or (en.enrolment_id, c.id) in (select tc.enrolment_id, tc.course_id from term_courses tc))`
           : sql``
       }
  ),
  ${byTerm ? scopedTasksCte(oneItem) : sql``}
  -- Per student, once (not once per item): the tasks due so far and the published grades,
  -- split by what an item may leave out (study breaks always; zero-point tasks if it says so),
  -- as counts and as task ids for the evidence (unsorted: the hits' evidence sorts its own, so
  -- 20,000 students are not sorted eight times each).
  per_enr as (
    select ${s.key('t')} t.enrolment_id,
           count(*) filter (where t.is_due and not t.on_break and not t.zero_point) as due_nz,
           count(*) filter (where t.is_due and not t.on_break and t.zero_point) as due_z,
           count(*) filter (where t.is_due and not t.on_break and not t.zero_point and not t.handed_in) as missed_nz,
           count(*) filter (where t.is_due and not t.on_break and t.zero_point and not t.handed_in) as missed_z,
           count(*) filter (where t.published and not t.on_break and not t.zero_point) as pub_nz,
           count(*) filter (where t.published and not t.on_break and t.zero_point) as pub_z,
           count(*) filter (where t.published and not t.on_break and not t.zero_point and t.failed) as failed_nz,
           count(*) filter (where t.published and not t.on_break and t.zero_point and t.failed) as failed_z,
           array_agg(t.task_id) filter (where t.is_due and not t.on_break and not t.zero_point) as due_nz_ids,
           array_agg(t.task_id) filter (where t.is_due and not t.on_break and t.zero_point) as due_z_ids,
           array_agg(t.task_id) filter (where t.is_due and t.on_break) as due_break_ids,
           array_agg(t.task_id) filter (where t.published and not t.on_break and not t.zero_point) as pub_nz_ids,
           array_agg(t.task_id) filter (where t.published and not t.on_break and t.zero_point) as pub_z_ids,
           array_agg(t.task_id) filter (where t.published and t.on_break) as pub_break_ids
      from ${s.tasks} t
     group by ${s.key('t')} t.enrolment_id
  ),
  ratios as (
    select it.id as item_id, p.enrolment_id,
           case when it.criterion = 'missed_tasks'
                then (p.missed_nz + case when it.ignore_zero_point_tasks then 0 else p.missed_z end)::numeric
                     / nullif(p.due_nz + case when it.ignore_zero_point_tasks then 0 else p.due_z end, 0)
                else (p.failed_nz + case when it.ignore_zero_point_tasks then 0 else p.failed_z end)::numeric
                     / nullif(p.pub_nz + case when it.ignore_zero_point_tasks then 0 else p.pub_z end, 0)
           end as ratio,
           null::int as course_id
           ${s.lists(
             ofRatio('due_nz_ids', 'pub_nz_ids'),
             ofRatio('due_z_ids', 'pub_z_ids'),
             ofRatio('due_break_ids', 'pub_break_ids'),
             ofRatio('due_z_ids', 'pub_z_ids'),
           )}
      from items it join per_enr p on it.criterion in ('missed_tasks', 'failed_tasks')
       ${s.same('p')}
  ),
  -- Course results so far (the 0019 formula over published grades, weights honoured). A weight-0
  -- task adds nothing to a weighted result, so the share is the same with or without them.
  course_shares as (
    select ${s.key('t')} t.enrolment_id, t.course_id,
           case when min(t.grade_weighting) = 'weights'
                then sum(t.weight * t.points / t.max_points) / nullif(sum(t.weight), 0)
                else sum(t.points) / nullif(sum(t.max_points), 0) end as share,
           array_agg(t.task_id) filter (where not t.zero_point) as nz_ids,
           array_agg(t.task_id) filter (where t.zero_point) as z_ids
      from ${s.tasks} t
     where t.published and not t.on_break
       and exists (select 1 from items where criterion = 'below_grade')
     group by ${s.key('t')} t.enrolment_id, t.course_id
  ),
  -- The lowest course result so far is the one that can flag.
  lowest as (
    select distinct on (${s.key('s')} s.enrolment_id) s.* from course_shares s
     where s.share is not null
     order by ${s.key('s')} s.enrolment_id, s.share, s.course_id
  ),
  below as (
    select it.id as item_id, l.enrolment_id, l.share as ratio, l.course_id
           ${s.lists(sql`l.nz_ids`, sql`l.z_ids`, sql`p.pub_break_ids`, sql`p.pub_z_ids`)}
      from items it join lowest l on it.criterion = 'below_grade' ${s.same('l')}
      ${byTerm ? sql`left join per_enr p on p.enrolment_id = l.enrolment_id and p.term_key = l.term_key` : sql``}
  ),
  ${byTerm ? termInactiveCtes(programmeId, s) : inactiveCtes(programmeId)}
  results as (
    select item_id, enrolment_id, ratio, course_id ${s.listColumns} from ratios
    union all select item_id, enrolment_id, ratio, course_id ${s.listColumns} from below
    union all select item_id, enrolment_id, ratio, course_id ${s.listColumns} from inactive
  ),
  hits as (
    select r.item_id, r.enrolment_id, e.user_id as student_id, e.class_id, e.clc_id, it.action,
           -- Work not yet synced could change the figures: unknown, never at risk.
           (case when sm.pending_since is not null then 'unknown' else 'at_risk' end)::dropout_flag_status as status,
           jsonb_build_object(
             -- The evidence's task lists, built for the hits only.
             ${byTerm ? termEvidenceLists : evidenceLists}
             'ratio', case when it.criterion = 'inactive' then r.ratio else round(r.ratio, 4) end,
             'threshold', case when it.criterion = 'inactive' then it.weeks::numeric else it.percent / 100 end,
             'weeksInactive', case when it.criterion = 'inactive' then r.ratio end,
             'courseId', r.course_id,
             'dataAsOf', now(), 'lastSyncAt', sm.last_sync_at) as evidence
      from results r
      join items it on it.id = r.item_id
      -- By primary key, not the enr CTE: the planner cannot size results and a nested loop
      -- over the CTE read it once per hit (the bench's plan).
      join enrolments e on e.id = r.enrolment_id
      left join learner_sync_marks sm on sm.student_id = e.user_id
      ${
        byTerm
          ? sql``
          : sql`left join per_enr p on p.enrolment_id = r.enrolment_id
      left join lowest l on l.enrolment_id = r.enrolment_id and it.criterion = 'below_grade'`
      }
     where r.ratio is not null and case it.criterion
             when 'missed_tasks' then r.ratio * 100 >= it.percent
             when 'failed_tasks' then r.ratio * 100 >= it.percent
             when 'below_grade' then r.ratio * 100 < it.percent
             else r.ratio >= it.weeks end
  )`;
}

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
function scope(byTerm: boolean, oneItem: boolean) {
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
const termCoursesCte = (programmeId: number) => sql`
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
const scopedTasksCte = (oneItem: boolean) =>
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
const inactiveCtes = (programmeId: number) => sql`
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
const termInactiveCtes = (programmeId: number, s: ReturnType<typeof scope>) => sql`
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

/** Whether the programme has terms (bachelor), so its items are evaluated per term. */
async function hasTerms(db: Db, programmeId: number): Promise<boolean> {
  const [row] = await rows<{ bachelor: boolean }>(
    db,
    sql`select type = 'bachelor' as bachelor from programmes where id = ${programmeId}`,
  );
  return row?.bachelor ?? false;
}

const savedItems = (programmeId: number) =>
  sql`select id, action, criterion, percent, weeks, ignore_zero_point_tasks, term_key
        from dropout_flagging_items
       where programme_id = ${programmeId} and is_active and deleted_at is null`;

const unsavedItem = (item: CriterionInput, termKey: string) =>
  sql`select 0 as id, ${item.action}::dropout_action as action,
             ${item.criterion}::dropout_criterion as criterion, ${item.percent}::numeric as percent,
             ${item.weeks}::int as weeks, ${item.ignoreZeroPointTasks}::boolean as ignore_zero_point_tasks,
             ${termKey}::text as term_key`;

/** The hits of the saved items without writing anything: what the bench explains (0021 §6). */
export const savedHitsQuery = (programmeId: number, byTerm = false): SQL =>
  sql`with ${hitsCtes(programmeId, savedItems(programmeId), byTerm)}
      select item_id, enrolment_id, status, evidence from hits`;

/**
 * Settings for the evaluation's statement, inside the caller's transaction: no JIT (compiling
 * took longer than running at 20,000 × 60 in the bench) and room to hash the grades in memory.
 */
export async function tuneForEvaluation(db: Db): Promise<void> {
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`set local work_mem = '64MB'`);
}

export type EvaluationCounts = { flagged: number; cleared: number; open: number };

/** The criterion's label in SQL, for the notification's text. */
const criterionLabel = (column: SQL) =>
  sql`case ${column} ${sql.join(
    DROPOUT_CRITERIA.map((c) => sql`when ${c} then ${DROPOUT_CRITERION_LABELS[c]}`),
    sql` `,
  )} end`;

/**
 * Evaluates a programme's active items in one statement, in the caller's transaction: new flags
 * inserted with their follow-up (one per flag: the unique flag key makes a re-run a no-op) and
 * the notifications of `notify_*` items to the follow-up's assignees (one per flag and person),
 * still-met flags get fresh evidence, flags no longer met (or whose student left, with the state
 * they left in, for the tuning report) are cleared. The `mail_student` items' new flags then
 * queue the programme's published `dropout_flagged` mails, still in the caller's transaction:
 * their outbox ids are answered for the caller to dispatch after the commit.
 */
export async function evaluateProgramme(
  db: Db,
  programmeId: number,
  options: { publicUrl: string },
): Promise<EvaluationCounts & { mailIds: number[] }> {
  await tuneForEvaluation(db);
  const [counts] = await rows<EvaluationCounts & { mail_flags: number[] }>(
    db,
    sql`with ${hitsCtes(programmeId, savedItems(programmeId), await hasTerms(db, programmeId))},
      ins as (
        insert into dropout_flags (item_id, enrolment_id, student_id, programme_id, status, evidence)
        select item_id, enrolment_id, student_id, ${programmeId}, status, evidence from hits
        on conflict (item_id, enrolment_id) where cleared_at is null
        do update set status = excluded.status, evidence = excluded.evidence, evaluated_at = now()
        returning id, item_id, enrolment_id, (xmax = 0) as inserted
      ),
      clr as (
        update dropout_flags f
           set cleared_at = now(),
               outcome_state = case when e.state <> 'active' then e.state end
          from enrolments e
         where e.id = f.enrolment_id and f.programme_id = ${programmeId} and f.cleared_at is null
           and not exists (select 1 from hits h where h.item_id = f.item_id and h.enrolment_id = f.enrolment_id)
        returning f.id
      ),
      new_flags as (
        select ins.id, h.action, h.clc_id, h.class_id, h.student_id, h.item_id
          from ins join hits h on h.item_id = ins.item_id and h.enrolment_id = ins.enrolment_id
         where ins.inserted
      ),
      fu as (
        insert into dropout_follow_ups (flag_id, assignee_role, clc_id, class_id)
        select n.id, case when n.action = 'notify_facilitator' then 'facilitator' else 'coordinator' end,
               n.clc_id, n.class_id
          from new_flags n
        on conflict (flag_id) do nothing
        returning id
      ),
      -- notify_*: the follow-up's assignees, the coordinators of the student's CLC or the
      -- facilitators of their class (as the follow-ups' reach), each once per flag.
      notes as (
        insert into notifications (user_id, type, dropout_flag_id, title, body, link)
        select r.user_id, 'dropout_flag'::notification_type, n.id,
               'Flagged for dropout: ' || s.first_name || ' ' || s.last_name,
               ${criterionLabel(sql`d.criterion`)} || ' · ' || p.code || ' ' || p.title
                 || coalesce(' · ' || cl.name, ''),
               '/en/dropout-follow-ups?flag=' || n.id
          from new_flags n
          join dropout_flagging_items d on d.id = n.item_id
          join users s on s.jwl_id = n.student_id
          join programmes p on p.id = ${programmeId}
          left join classes cl on cl.id = n.class_id
          join lateral (
            select uc.user_id from user_clcs uc
              join users u on u.jwl_id = uc.user_id and u.status = 'active'
             where n.action = 'notify_coordinator' and uc.clc_id = n.clc_id
               and exists (select 1 from user_roles ur where ur.user_id = uc.user_id
                             and ur.role_key in ('COORDINATOR', 'LEAD_COORDINATOR'))
            union
            select cs.user_id from class_staff cs
              join users u on u.jwl_id = cs.user_id and u.status = 'active'
             where n.action = 'notify_facilitator' and cs.class_id = n.class_id
               and cs.kind = 'facilitator'
          ) r on true
         where n.action in ('notify_coordinator', 'notify_facilitator')
        on conflict (dropout_flag_id, user_id) where dropout_flag_id is not null do nothing
        returning id
      )
      select (select count(*) from ins where inserted)::int as flagged,
             (select count(*) from clr)::int as cleared,
             (select count(*) from ins)::int as open,
             (select coalesce(jsonb_agg(id order by id), '[]'::jsonb) from new_flags
               where action = 'mail_student') as mail_flags`,
  );
  const mailFlags = counts?.mail_flags ?? [];
  const mailIds =
    mailFlags.length === 0
      ? []
      : await queueAutomaticMails(
          db,
          { type: 'dropout_flagged', programmeId, flagIds: mailFlags.map(Number) },
          options.publicUrl,
        );
  return {
    flagged: counts?.flagged ?? 0,
    cleared: counts?.cleared ?? 0,
    open: counts?.open ?? 0,
    mailIds,
  };
}

export type PreviewRow = {
  enrolment_id: number;
  student_id: number;
  name: string;
  class_name: string | null;
  status: DropoutFlagStatus;
  evidence: Evidence;
  total: number;
};

/** Whom an unsaved item would flag now: the count and the first 50 by name, with evidence. */
export async function previewItem(
  db: Db,
  programmeId: number,
  item: CriterionInput,
  termKey = 'all',
): Promise<PreviewRow[]> {
  // Its own transaction, for the settings of tuneForEvaluation.
  return db.transaction(async (tx) => {
    await tuneForEvaluation(tx);
    return previewRows(tx, programmeId, item, termKey, await hasTerms(tx, programmeId));
  });
}

const previewRows = (
  db: Db,
  programmeId: number,
  item: CriterionInput,
  termKey: string,
  byTerm: boolean,
) =>
  rows<PreviewRow>(
    db,
    sql`with ${hitsCtes(programmeId, unsavedItem(item, termKey), byTerm, true)}
      select h.enrolment_id, h.student_id, u.first_name || ' ' || u.last_name as name,
             cl.name as class_name, h.status, h.evidence, count(*) over ()::int as total
        from hits h
        join users u on u.jwl_id = h.student_id
        left join classes cl on cl.id = h.class_id
       order by u.last_name, u.first_name, h.student_id
       limit 50`,
  );
