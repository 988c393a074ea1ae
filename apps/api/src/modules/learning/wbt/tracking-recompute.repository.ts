import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { WbtCompletion, WbtSco, WbtSuccess } from '@lantern/contracts/wbt';
import { rows } from '../../../lib/sql';
import { SUMMARY_ELEMENTS, type ScoState } from './summary';

/** The statements that move a training attempt's state, hand-in and grade. */

export type AttemptLock = {
  id: string | number;
  item_id: number;
  student_id: number;
  course_id: number;
  attempt: number;
  completion: WbtCompletion;
  success: WbtSuccess;
  score_scaled: string | number | null;
  total_seconds: number;
  submission_id: string | number | null;
  settings: unknown;
  max_points: string | number | null;
  weight: string | number | null;
  item_version: number;
  due_at: Date | string | null;
  scos: WbtSco[];
  grading_schema_id: number | null;
  grading_schema_version: number | null;
};

/** The attempt with its item, package and grading schema, locked for a recount. */
export async function lockAttemptToRecount(
  tx: Db,
  attemptId: number,
): Promise<AttemptLock | undefined> {
  const [a] = await rows<AttemptLock>(
    tx,
    sql`select a.id, a.item_id, a.student_id, a.course_id, a.attempt, a.completion, a.success,
          a.score_scaled, a.total_seconds, a.submission_id, i.settings, i.max_points, i.weight,
          i.version as item_version, coalesce(d.due_at, i.due_at) as due_at, p.scos,
          pr.grading_schema_id, gs.version as grading_schema_version
        from wbt_attempts a
        join learning_items i on i.id = a.item_id
        join wbt_packages p on p.id = a.package_id
        join programme_courses c on c.id = a.course_id
        join programmes pr on pr.id = c.programme_id
        left join grading_schemas gs on gs.id = pr.grading_schema_id
        left join lateral (select class_id from course_learners x where x.course_id = a.course_id
                             and x.student_id = a.student_id order by x.may_submit desc limit 1) cl on true
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        where a.id = ${attemptId}
        for update of a`,
  );
  return a;
}

/** A SCO's stored summary values, each with the (launch, seq) that wrote it. */
export async function findSummaryValues(
  tx: Db,
  attemptId: number,
  sco: number,
): Promise<{ name: string; value: string; launch_no: number; seq: number }[]> {
  return rows<{ name: string; value: string; launch_no: number; seq: number }>(
    tx,
    sql`select e.name, v.value, v.launch_no, v.seq from wbt_values v
        join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId} and v.sco = ${sco}
          and e.name in (select jsonb_array_elements_text(${JSON.stringify(SUMMARY_ELEMENTS)}::jsonb))`,
  );
}

export async function upsertScoState(
  tx: Db,
  attemptId: number,
  sco: number,
  state: ScoState,
  top: { launch: number; seq: number },
): Promise<void> {
  await tx.execute(
    sql`insert into wbt_sco_states (attempt_id, sco, completion, success, score_scaled, launch_no, seq)
        values (${attemptId}, ${sco}, ${state.completion}, ${state.success}, ${state.scoreScaled},
          ${top.launch}, ${top.seq})
        on conflict (attempt_id, sco) do update set completion = excluded.completion,
          success = excluded.success, score_scaled = excluded.score_scaled,
          launch_no = excluded.launch_no, seq = excluded.seq`,
  );
}

/** The states of the attempt's SCOs that are still in its package (`scoCount` of them). */
export async function findScoScores(
  tx: Db,
  attemptId: number,
  scoCount: number,
): Promise<
  { completion: WbtCompletion; success: WbtSuccess; score_scaled: string | number | null }[]
> {
  return rows<{
    completion: WbtCompletion;
    success: WbtSuccess;
    score_scaled: string | number | null;
  }>(
    tx,
    sql`select completion, success, score_scaled from wbt_sco_states where attempt_id = ${attemptId}
        and sco < ${scoCount}`,
  );
}

/** The attempt's hand-in: the learner's latest submission of the item from now on. */
export async function insertHandIn(
  tx: Db,
  a: AttemptLock,
  late: boolean,
): Promise<{ id: string | number } | undefined> {
  const [made] = await rows<{ id: string | number }>(
    tx,
    sql`with old as (
            update submissions set is_latest = false, updated_at = now()
            where item_id = ${a.item_id} and student_id = ${a.student_id} and is_latest
            returning id
          )
          insert into submissions (item_id, student_id, course_id, attempt, status, is_latest,
            text, word_count, item_version, late, submitted_at)
          select ${a.item_id}, ${a.student_id}, ${a.course_id}, ${a.attempt}, 'submitted', true,
            null, 0, ${a.item_version}, ${late}, now()
          from (select count(*) from old) moved
          returning id`,
  );
  return made;
}

export async function updateAttemptState(
  tx: Db,
  attemptId: number,
  state: {
    complete: boolean;
    completion: WbtCompletion;
    success: WbtSuccess;
    scoreScaled: number | null;
    total: number;
    submissionId: number | null;
  },
): Promise<void> {
  const { complete, total, submissionId } = state;
  await tx.execute(
    sql`update wbt_attempts set
          completion = ${complete ? 'completed' : state.completion},
          success = ${state.success}, score_scaled = ${state.scoreScaled},
          total_seconds = ${total}, submission_id = ${submissionId},
          completed_at = case when ${complete} then coalesce(completed_at, now()) else completed_at end,
          version = version + 1
        where id = ${attemptId}`,
  );
}

/** The learner's handed-in attempts at the item, in order. */
export async function findHandedInAttempts(
  tx: Db,
  itemId: number,
  studentId: number,
): Promise<
  {
    submission_id: string | number;
    score_scaled: string | number | null;
    marked_done_early: boolean;
  }[]
> {
  return rows<{
    submission_id: string | number;
    score_scaled: string | number | null;
    marked_done_early: boolean;
  }>(
    tx,
    sql`select submission_id, score_scaled, marked_done_early from wbt_attempts
        where item_id = ${itemId} and student_id = ${studentId} and submission_id is not null
        order by attempt`,
  );
}
