import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ProgressSource } from '@lantern/contracts/learning-enums';
import { rows } from '../../../lib/sql';

// Progress counters (decision 0019, "Progress"): item_progress says an item is done; the unit and
// course counters move only when a completing insert returned a row (or an unmark deleted one),
// in the caller's transaction, so a figure is never a stale cache and a resend counts once.
// Data-modifying CTEs run to completion whether or not the final select reads them, so each
// event is one statement (one round trip).
// This module is the only writer of item_progress, unit_progress and course_progress's
// items_done, tasks_submitted and last_activity_at; the grade columns are applyGradeEvent's.

/**
 * Whether an item counts towards progress: counted, published, in a released unit, neither
 * deleted. The counters and the recount use this one condition, so they cannot disagree.
 */
const counted = (i: string, u: string): SQL =>
  sql.raw(
    `(${i}.counts_for_progress and ${i}.is_published and ${i}.deleted_at is null and ${u}.deleted_at is null and ${u}.status <> 'draft')`,
  );

export type Completion = {
  studentId: number;
  itemId: number;
  source: ProgressSource;
  at?: Date;
  clientEventId?: string | null;
};

/**
 * Records that a learner completed an item. Answers whether this call completed it (false: it
 * was done already, nothing counted twice) and when it was completed.
 */
export async function recordCompletion(
  tx: Db,
  event: Completion,
): Promise<{ completed: boolean; completedAt: Date }> {
  const at = event.at ?? new Date();
  const [row] = await rows<{ completed_at: Date | string }>(
    tx,
    sql`with ins as (
          insert into item_progress (student_id, item_id, course_id, unit_id, completed_at, source, client_event_id)
          select ${event.studentId}, i.id, i.course_id, i.unit_id, ${at.toISOString()}::timestamptz,
                 ${event.source}, ${event.clientEventId ?? null}::uuid
          from learning_items i where i.id = ${event.itemId}
          on conflict do nothing
          returning item_id, course_id, unit_id, completed_at, source
        ), c as (
          select ins.*, case when ${counted('i', 'u')} then 1 else 0 end as n
          from ins join learning_items i on i.id = ins.item_id join learning_units u on u.id = i.unit_id
        ), up as (
          insert into unit_progress (student_id, unit_id, course_id, items_done, last_activity_at)
          select ${event.studentId}, c.unit_id, c.course_id, c.n, c.completed_at from c
          on conflict (student_id, unit_id) do update
            set items_done = unit_progress.items_done + excluded.items_done,
                last_activity_at = greatest(unit_progress.last_activity_at, excluded.last_activity_at)
          returning 1
        ), cp as (
          insert into course_progress (student_id, course_id, items_done, tasks_submitted, last_activity_at)
          select ${event.studentId}, c.course_id, c.n,
                 case when c.source = 'submitted' then c.n else 0 end, c.completed_at from c
          on conflict (student_id, course_id) do update
            set items_done = course_progress.items_done + excluded.items_done,
                tasks_submitted = course_progress.tasks_submitted + excluded.tasks_submitted,
                last_activity_at = greatest(course_progress.last_activity_at, excluded.last_activity_at),
                version = course_progress.version + 1
          returning 1
        )
        select completed_at from ins`,
  );
  if (row) return { completed: true, completedAt: new Date(row.completed_at) };
  const [existing] = await rows<{ completed_at: Date | string }>(
    tx,
    sql`select completed_at from item_progress where student_id = ${event.studentId} and item_id = ${event.itemId}`,
  );
  return { completed: false, completedAt: existing ? new Date(existing.completed_at) : at };
}

/**
 * Takes back a learner's mark on an item they marked done (never a submitted task's). Answers
 * whether a mark was removed.
 */
export async function removeCompletion(
  tx: Db,
  event: { studentId: number; itemId: number; at?: Date },
): Promise<boolean> {
  const at = (event.at ?? new Date()).toISOString();
  const [row] = await rows<{ removed: number }>(
    tx,
    sql`with del as (
          delete from item_progress
          where student_id = ${event.studentId} and item_id = ${event.itemId} and source = 'done'
          returning item_id, course_id, unit_id
        ), c as (
          select del.*, case when ${counted('i', 'u')} then 1 else 0 end as n
          from del join learning_items i on i.id = del.item_id join learning_units u on u.id = i.unit_id
        ), up as (
          update unit_progress p set items_done = p.items_done - c.n, last_activity_at = ${at}::timestamptz
          from c where p.student_id = ${event.studentId} and p.unit_id = c.unit_id
          returning 1
        ), cp as (
          update course_progress p set items_done = p.items_done - c.n, last_activity_at = ${at}::timestamptz,
                 version = p.version + 1
          from c where p.student_id = ${event.studentId} and p.course_id = c.course_id
          returning 1
        )
        select (select count(*) from del)::int as removed`,
  );
  return (row?.removed ?? 0) > 0;
}

/**
 * Recomputes every progress counter of a course from item_progress, set-based: for authoring
 * changes that add or remove counted items (delete, unpublish, counts_for_progress, a move to
 * another unit) and for tests. The grade columns are left to applyGradeEvent.
 */
export async function recountCourseProgress(tx: Db, courseId: number): Promise<void> {
  // An item moved to another unit takes its completions with it.
  await tx.execute(
    sql`update item_progress ip set unit_id = i.unit_id from learning_items i
        where ip.course_id = ${courseId} and i.id = ip.item_id and ip.unit_id <> i.unit_id`,
  );
  await tx.execute(
    sql`update unit_progress set items_done = 0 where course_id = ${courseId} and items_done <> 0`,
  );
  await tx.execute(
    sql`insert into unit_progress (student_id, unit_id, course_id, items_done, last_activity_at)
        select ip.student_id, ip.unit_id, ${courseId}, count(*) filter (where ${counted('i', 'u')}),
               max(ip.completed_at)
        from item_progress ip join learning_items i on i.id = ip.item_id
        join learning_units u on u.id = i.unit_id
        where ip.course_id = ${courseId}
        group by ip.student_id, ip.unit_id
        on conflict (student_id, unit_id) do update set items_done = excluded.items_done`,
  );
  await tx.execute(
    sql`update course_progress set items_done = 0, tasks_submitted = 0
        where course_id = ${courseId} and (items_done <> 0 or tasks_submitted <> 0)`,
  );
  await tx.execute(
    sql`insert into course_progress (student_id, course_id, items_done, tasks_submitted, last_activity_at)
        select ip.student_id, ${courseId}, count(*) filter (where ${counted('i', 'u')}),
               count(*) filter (where ${counted('i', 'u')} and ip.source = 'submitted'),
               max(ip.completed_at)
        from item_progress ip join learning_items i on i.id = ip.item_id
        join learning_units u on u.id = i.unit_id
        where ip.course_id = ${courseId}
        group by ip.student_id
        on conflict (student_id, course_id) do update
          set items_done = excluded.items_done, tasks_submitted = excluded.tasks_submitted,
              version = course_progress.version + 1`,
  );
}

export type ProgressMismatch = {
  level: 'unit' | 'course';
  studentId: number;
  id: number;
  stored: string;
  recounted: string;
};

/**
 * The stored counters that differ from a recount from item_progress (none, when all is well):
 * what the property test and the benchmark check after their events.
 */
export async function progressMismatches(
  db: Db,
  courseIds: readonly number[],
): Promise<ProgressMismatch[]> {
  if (courseIds.length === 0) return [];
  const courses = sql`${`{${courseIds.join(',')}}`}::int[]`;
  return rows<ProgressMismatch>(
    db,
    sql`with f as (
          select ip.student_id, ip.course_id, i.unit_id,
                 count(*) filter (where ${counted('i', 'u')}) as done,
                 count(*) filter (where ${counted('i', 'u')} and ip.source = 'submitted') as submitted
          from item_progress ip join learning_items i on i.id = ip.item_id
          join learning_units u on u.id = i.unit_id
          where ip.course_id = any(${courses})
          group by ip.student_id, ip.course_id, i.unit_id
        ), fu as (
          select student_id, unit_id, done from f
        ), fc as (
          select student_id, course_id, sum(done)::int as done, sum(submitted)::int as submitted
          from f group by student_id, course_id
        )
        select 'unit' as level, coalesce(p.student_id, fu.student_id) as "studentId",
               coalesce(p.unit_id, fu.unit_id) as id,
               coalesce(p.items_done, 0)::text as stored, coalesce(fu.done, 0)::text as recounted
        from (select * from unit_progress where course_id = any(${courses})) p
        full join fu on fu.student_id = p.student_id and fu.unit_id = p.unit_id
        where coalesce(p.items_done, 0) <> coalesce(fu.done, 0)
        union all
        select 'course', coalesce(p.student_id, fc.student_id), coalesce(p.course_id, fc.course_id),
               coalesce(p.items_done, 0) || '/' || coalesce(p.tasks_submitted, 0),
               coalesce(fc.done, 0) || '/' || coalesce(fc.submitted, 0)
        from (select * from course_progress where course_id = any(${courses})) p
        full join fc on fc.student_id = p.student_id and fc.course_id = p.course_id
        where coalesce(p.items_done, 0) <> coalesce(fc.done, 0)
           or coalesce(p.tasks_submitted, 0) <> coalesce(fc.submitted, 0)`,
  );
}
