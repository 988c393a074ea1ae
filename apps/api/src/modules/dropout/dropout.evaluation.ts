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

/**
 * Per (item, active enrolment) whose item's criterion is met: the flag's status and evidence
 * (decision 0021 §3.2–3.3), as CTEs ending in `hits`. Set-based over the whole programme: the
 * items (saved ones, or one unsaved row for a preview) × the programme's active students not on
 * a study break today × their graded tasks due so far (or graded), aggregated with `filter`.
 */
function hitsCtes(programmeId: number, items: SQL): SQL {
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
           sm.pending_since, sm.last_sync_at
      from enrolments e
      left join learner_sync_marks sm on sm.student_id = e.user_id
     where e.programme_id = ${programmeId} and e.state = 'active'
       -- On a study break today: not evaluated at all.
       and not exists (select 1 from study_breaks b where b.enrolment_id = e.id
                         and current_date between b.starts_on and b.ends_on)
  ),
  tasks as (
    select en.enrolment_id, en.student_id, i.id as task_id, i.course_id,
           i.max_points::numeric as max_points, coalesce(i.weight, 1)::numeric as weight,
           c.grade_weighting,
           -- Zero-point: adds nothing to the result, i.e. weight 0 under weights (0021 O-1).
           coalesce(c.grade_weighting = 'weights' and i.weight = 0, false) as zero_point,
           coalesce(coalesce(d.due_at, i.due_at) < now(), false) as is_due,
           exists (select 1 from study_breaks b where b.enrolment_id = en.enrolment_id
                     and (coalesce(d.due_at, i.due_at) at time zone 'UTC')::date
                         between b.starts_on and b.ends_on) as on_break,
           exists (select 1 from submissions s where s.item_id = i.id and s.student_id = en.student_id
                     and s.status = 'submitted') as handed_in,
           coalesce(g.is_published and g.outcome = 'graded', false) as published,
           case when g.is_published and g.outcome = 'graded' then g.points::numeric end as points
      from enr en
      join programme_courses c on c.programme_id = ${programmeId}
      join learning_items i on i.course_id = c.id and i.max_points is not null
       and i.deleted_at is null and i.is_published
      join learning_units u on u.id = i.unit_id and u.deleted_at is null
       and u.status in ('published', 'closed')
      left join item_class_dates d on d.item_id = i.id and d.class_id = en.class_id
      left join grades g on g.item_id = i.id and g.student_id = en.student_id
     where not exists (select 1 from course_enrolments ce where ce.course_id = c.id
                         and ce.student_id = en.student_id and ce.status = 'dropped')
       and (coalesce(coalesce(d.due_at, i.due_at) < now(), false)
            or coalesce(g.is_published and g.outcome = 'graded', false))
  ),
  judged as (
    select it.id as item_id, it.criterion, t.*,
           case when t.on_break then 'study_break'
                when it.ignore_zero_point_tasks and t.zero_point then 'zero_point' end as why,
           -- What the criterion looks at: tasks due so far (missed), published grades (others).
           case when it.criterion = 'missed_tasks' then t.is_due else t.published end as relevant,
           coalesce(t.points / t.max_points * (select scale_max from schema)
                    < (select pass_mark from schema), false) as failed
      from items it
      join tasks t on it.criterion in ('missed_tasks', 'failed_tasks', 'below_grade')
  ),
  ratios as (
    select j.item_id, j.enrolment_id,
           coalesce(jsonb_agg(j.task_id order by j.task_id)
                    filter (where j.relevant and j.why is null), '[]'::jsonb) as counted,
           coalesce(jsonb_agg(jsonb_build_object('itemId', j.task_id, 'why', j.why) order by j.task_id)
                    filter (where j.relevant and j.why is not null), '[]'::jsonb) as excluded,
           case when j.criterion = 'missed_tasks'
                then (count(*) filter (where j.relevant and j.why is null and not j.handed_in))::numeric
                else (count(*) filter (where j.relevant and j.why is null and j.failed))::numeric
           end / nullif(count(*) filter (where j.relevant and j.why is null), 0) as ratio,
           null::int as course_id
      from judged j
     where j.criterion in ('missed_tasks', 'failed_tasks')
     group by j.item_id, j.criterion, j.enrolment_id
  ),
  course_shares as (
    select j.item_id, j.enrolment_id, j.course_id,
           case when min(j.grade_weighting) = 'weights'
                then sum(j.weight * j.points / j.max_points) / nullif(sum(j.weight), 0)
                else sum(j.points) / nullif(sum(j.max_points), 0) end as share,
           jsonb_agg(j.task_id order by j.task_id) as counted
      from judged j
     where j.criterion = 'below_grade' and j.relevant and j.why is null
     group by j.item_id, j.enrolment_id, j.course_id
  ),
  below as (
    select distinct on (s.item_id, s.enrolment_id) s.item_id, s.enrolment_id, s.counted,
           coalesce((select jsonb_agg(jsonb_build_object('itemId', j.task_id, 'why', j.why) order by j.task_id)
                       from judged j where j.item_id = s.item_id and j.enrolment_id = s.enrolment_id
                        and j.relevant and j.why is not null), '[]'::jsonb) as excluded,
           s.share as ratio, s.course_id
      from course_shares s
     where s.share is not null
     -- The lowest course result so far is the one that can flag.
     order by s.item_id, s.enrolment_id, s.share, s.course_id
  ),
  inactive as (
    select it.id as item_id, en.enrolment_id, '[]'::jsonb as counted, '[]'::jsonb as excluded,
           round((extract(epoch from now() - coalesce(
             greatest(
               (select max(cp.last_activity_at) from course_progress cp
                  join programme_courses c on c.id = cp.course_id
                 where c.programme_id = ${programmeId} and cp.student_id = en.student_id),
               (select max(s.submitted_at) from submissions s
                  join programme_courses c on c.id = s.course_id
                 where c.programme_id = ${programmeId} and s.student_id = en.student_id),
               (select max(ip.completed_at) from item_progress ip
                  join programme_courses c on c.id = ip.course_id
                 where c.programme_id = ${programmeId} and ip.student_id = en.student_id)),
             -- Never active: counted from the later of the programme's start and the enrolment.
             greatest((select start_date from schema)::timestamptz, en.created_at)))
           / 604800)::numeric, 2) as ratio,
           null::int as course_id
      from items it cross join enr en
     where it.criterion = 'inactive'
  ),
  results as (
    select * from ratios union all select * from below union all select * from inactive
  ),
  hits as (
    select r.item_id, r.enrolment_id, en.student_id, en.class_id, en.clc_id, it.action,
           -- Work not yet synced could change the figures: unknown, never at risk.
           (case when en.pending_since is not null then 'unknown' else 'at_risk' end)::dropout_flag_status as status,
           jsonb_build_object(
             'counted', r.counted, 'excluded', r.excluded,
             'ratio', case when it.criterion = 'inactive' then r.ratio else round(r.ratio, 4) end,
             'threshold', case when it.criterion = 'inactive' then it.weeks::numeric else it.percent / 100 end,
             'weeksInactive', case when it.criterion = 'inactive' then r.ratio end,
             'courseId', r.course_id,
             'dataAsOf', now(), 'lastSyncAt', en.last_sync_at) as evidence
      from results r
      join items it on it.id = r.item_id
      join enr en on en.enrolment_id = r.enrolment_id
     where r.ratio is not null and case it.criterion
             when 'missed_tasks' then r.ratio * 100 >= it.percent
             when 'failed_tasks' then r.ratio * 100 >= it.percent
             when 'below_grade' then r.ratio * 100 < it.percent
             else r.ratio >= it.weeks end
  )`;
}

const savedItems = (programmeId: number) =>
  sql`select id, action, criterion, percent, weeks, ignore_zero_point_tasks
        from dropout_flagging_items
       where programme_id = ${programmeId} and is_active and deleted_at is null`;

const unsavedItem = (item: CriterionInput) =>
  sql`select 0 as id, ${item.action}::dropout_action as action,
             ${item.criterion}::dropout_criterion as criterion, ${item.percent}::numeric as percent,
             ${item.weeks}::int as weeks, ${item.ignoreZeroPointTasks}::boolean as ignore_zero_point_tasks`;

/** The hits of the saved items without writing anything: what the bench explains (0021 §6). */
export const savedHitsQuery = (programmeId: number): SQL =>
  sql`with ${hitsCtes(programmeId, savedItems(programmeId))}
      select item_id, enrolment_id, status, evidence from hits`;

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
  const [counts] = await rows<EvaluationCounts & { mail_flags: number[] }>(
    db,
    sql`with ${hitsCtes(programmeId, savedItems(programmeId))},
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
): Promise<PreviewRow[]> {
  return rows<PreviewRow>(
    db,
    sql`with ${hitsCtes(programmeId, unsavedItem(item))}
      select h.enrolment_id, h.student_id, u.first_name || ' ' || u.last_name as name,
             cl.name as class_name, h.status, h.evidence, count(*) over ()::int as total
        from hits h
        join users u on u.jwl_id = h.student_id
        left join classes cl on cl.id = h.class_id
       order by u.last_name, u.first_name, h.student_id
       limit 50`,
  );
}
