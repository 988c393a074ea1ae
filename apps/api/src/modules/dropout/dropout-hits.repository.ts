import { sql, type SQL } from 'drizzle-orm';
import {
  inactiveCtes,
  scope,
  scopedTasksCte,
  termCoursesCte,
  termInactiveCtes,
} from './dropout-scope.repository';

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
export function hitsCtes(programmeId: number, items: SQL, byTerm = false, oneItem = false): SQL {
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
