import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../../lib/sql';

// A person merge (decision 0011) moves a learner's work to the account that is kept: the
// grades move with their submissions and progress, the course results with their enrolment.
// The ledger keeps every event where it was written, so the move itself is recorded as events
// (decision 0021 §1.2): `transfer_out` ends the grade on the account it leaves, `transfer_in`
// starts it on the account it joins, with the same values. A student's history then reads
// "moved in from …" and "moved to …", and an as-of read before the merge still finds the grade
// on the account that held it then. An undo of the merge writes the same pair the other way.

export type LedgerTransfer = {
  /** The account the grades leave (the removed one on a merge, the kept one on its undo). */
  fromId: number;
  toId: number;
  /** The tasks whose grades moved (they are already on `toId`). */
  itemIds: readonly number[];
  /** The programme enrolments that moved (their course results are already on `toId`). */
  enrolmentIds: readonly number[];
  actorId: number;
  impersonatorId: number | null;
  /** One sentence for both sides, e.g. "Accounts merged (merge #4): 1203 into 877". */
  reason: string;
};

/**
 * Appends the `transfer_out` / `transfer_in` pairs for grades and course results that have just
 * moved from one account to another, in the caller's transaction (the merge's). The projections
 * (`grades`, `course_results`) moved with the merge's row moves and keep their versions; the
 * events carry those versions. Two statements, whatever the number of grades.
 */
export async function writeLedgerTransfer(tx: Db, t: LedgerTransfer): Promise<number> {
  let written = 0;
  if (t.itemIds.length > 0) {
    const made = await rows<{ n: number }>(
      tx,
      sql`with moved as (
            select g.* from grades g
             where g.student_id = ${t.toId} and g.item_id = any(${intArray([...t.itemIds])})
             -- A stable order: the pairs are written grade by grade, out before in.
             order by g.item_id
          ), pairs as (
            select m.*, side.action, side.student
              from moved m
             cross join lateral (values
               ('transfer_out'::grade_event_action, ${t.fromId}::int, 1),
               ('transfer_in'::grade_event_action, ${t.toId}::int, 2)) as side(action, student, ord)
             order by m.item_id, side.ord
          ), ins as (
            insert into grade_events (subject, item_id, student_id, course_id, submission_id,
                action, old_points, new_points, old_outcome, new_outcome, old_published,
                new_published, comment, rubric_scores, max_points, grading_schema_id,
                grading_schema_version, item_version, grade_version, actor_id, impersonator_id,
                reason)
            select 'task', p.item_id, p.student, p.course_id, p.submission_id, p.action,
                   case when p.action = 'transfer_out' then p.points end,
                   case when p.action = 'transfer_in' then p.points end,
                   case when p.action = 'transfer_out' then p.outcome end,
                   case when p.action = 'transfer_in' then p.outcome end,
                   case when p.action = 'transfer_out' then p.is_published end,
                   p.action = 'transfer_in' and p.is_published,
                   -- The comment travels with the grade, so the new account's fold has it.
                   case when p.action = 'transfer_in' then p.comment end,
                   case when p.action = 'transfer_in' then p.rubric_scores end,
                   p.max_points, p.grading_schema_id, p.grading_schema_version, p.item_version,
                   p.version, ${t.actorId}, ${t.impersonatorId}::int, ${t.reason}
              from pairs p
            returning 1)
          select count(*)::int as n from ins`,
    );
    written += made[0]?.n ?? 0;
  }
  if (t.enrolmentIds.length > 0) {
    const made = await rows<{ n: number }>(
      tx,
      sql`with moved as (
            select r.*, coalesce(v.scale_max, 100) as scale_max from course_results r
              left join grading_schema_versions v
                on v.grading_schema_id = r.grading_schema_id and v.version = r.grading_schema_version
             where r.enrolment_id = any(${intArray([...t.enrolmentIds])})
             order by r.enrolment_id, r.course_id
          ), pairs as (
            select m.*, side.action, side.student
              from moved m
             cross join lateral (values
               ('transfer_out'::grade_event_action, ${t.fromId}::int, 1),
               ('transfer_in'::grade_event_action, ${t.toId}::int, 2)) as side(action, student, ord)
             order by m.enrolment_id, m.course_id, side.ord
          ), ins as (
            insert into grade_events (subject, enrolment_id, student_id, course_id, action,
                old_points, new_points, old_published, new_published, max_points, grading_schema_id, grading_schema_version, grade_version, actor_id,
                impersonator_id, reason)
            select 'course_result', p.enrolment_id, p.student, p.course_id, p.action,
                   case when p.action = 'transfer_out' then round(p.score, 2) end,
                   case when p.action = 'transfer_in' then round(p.score, 2) end,
                   case when p.action = 'transfer_out' then p.is_final end,
                   p.action = 'transfer_in' and p.is_final,
                   p.scale_max, p.grading_schema_id, p.grading_schema_version, p.version,
                   ${t.actorId}, ${t.impersonatorId}::int, ${t.reason}
              from pairs p
            returning 1)
          select count(*)::int as n from ins`,
    );
    written += made[0]?.n ?? 0;
  }
  return written;
}
