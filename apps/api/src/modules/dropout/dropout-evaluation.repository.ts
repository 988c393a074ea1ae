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
import { rows } from '../../lib/sql';
import { hitsCtes } from './dropout-hits.repository';

/** An item as the evaluation reads it: a saved one, or the form's unsaved one (preview). */
export type CriterionInput = {
  action: DropoutAction;
  criterion: DropoutCriterion;
  percent: number | null;
  weeks: number | null;
  ignoreZeroPointTasks: boolean;
};

/** Whether the programme has terms (bachelor), so its items are evaluated per term. */
export async function hasTerms(db: Db, programmeId: number): Promise<boolean> {
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
 * The evaluation's one statement (see evaluateProgramme): flags inserted or refreshed, cleared,
 * their follow-ups and notifications; the ids of the new flags of `mail_student` items answered.
 */
export async function writeEvaluation(db: Db, programmeId: number, byTerm: boolean) {
  const [counts] = await rows<EvaluationCounts & { mail_flags: number[] }>(
    db,
    sql`with ${hitsCtes(programmeId, savedItems(programmeId), byTerm)},
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
  return counts;
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

export const previewRows = (
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
