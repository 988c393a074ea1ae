import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { authoringReach } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import * as repo from './content.repository';

/** The statements of copying a course's content from another run of its programme. */

export type SourceRow = Parameters<typeof repo.toProgramme>[0] & {
  course_id: number;
  course_code: string;
  course_title: string;
  units: number;
  items: number;
};

const SOURCES = (courseId: number, auth: AuthContext) =>
  sql`select c.id as course_id, c.code as course_code, c.title as course_title, ${repo.PROGRAMME_COLUMNS},
        (select count(*)::int from learning_units u where u.course_id = c.id and u.deleted_at is null) as units,
        (select count(*)::int from learning_items i join learning_units u on u.id = i.unit_id
           where i.course_id = c.id and i.deleted_at is null and u.deleted_at is null) as items
      from programme_courses c join programmes p on p.id = c.programme_id
      join programme_courses t on t.id = ${courseId} and lower(t.code) = lower(c.code)
      where c.id <> t.id and c.programme_id <> t.programme_id and ${authoringReach(sql`p.id`, auth)}
        and exists (select 1 from learning_units u where u.course_id = c.id and u.deleted_at is null)`;

/** The courses with the same code in other programmes the author reaches, latest first. */
export async function findSources(
  db: Db,
  auth: AuthContext,
  courseId: number,
): Promise<SourceRow[]> {
  return rows<SourceRow>(
    db,
    sql`${SOURCES(courseId, auth)} order by p.start_date desc, p.id desc limit 100`,
  );
}

export async function findSource(
  db: Db,
  auth: AuthContext,
  courseId: number,
  sourceCourseId: number,
): Promise<SourceRow | undefined> {
  const [source] = await rows<SourceRow>(
    db,
    sql`select * from (${SOURCES(courseId, auth)}) s where s.course_id = ${sourceCourseId}`,
  );
  return source;
}

/** The target course, locked: its units, last position, and the days between the runs' starts. */
export async function lockCopyTarget(
  tx: Db,
  courseId: number,
  sourceCourseId: number,
): Promise<{ units: number; shift_days: number; last_position: number } | undefined> {
  const [target] = await rows<{ units: number; shift_days: number; last_position: number }>(
    tx,
    sql`select
            (select count(*)::int from learning_units where course_id = t.id and deleted_at is null) as units,
            (select coalesce(max(position), 0) from learning_units where course_id = t.id and deleted_at is null) as last_position,
            (tp.start_date - sp.start_date)::int as shift_days
          from programme_courses t join programmes tp on tp.id = t.programme_id
          join programme_courses s on s.id = ${sourceCourseId} join programmes sp on sp.id = s.programme_id
          where t.id = ${courseId}
          for update of t`,
  );
  return target;
}

/**
 * Copies the source's live units and their live items as drafts after the target's units,
 * dates moved by `shiftDays`; the new units' and items' ids.
 */
export async function copyUnitsAndItems(
  tx: Db,
  courseId: number,
  sourceCourseId: number,
  target: { shift_days: number; last_position: number },
): Promise<{ units: { id: number }[]; items: { id: number }[] }> {
  const shift = sql`make_interval(days => ${target.shift_days})`;
  const units = await rows<{ id: number }>(
    tx,
    sql`insert into learning_units (course_id, title, summary, position, status, opens_at, copied_from_unit_id)
          select ${courseId}, u.title, u.summary, ${target.last_position} + row_number() over (order by u.position, u.id),
            'draft', u.opens_at + ${shift}, u.id
          from learning_units u where u.course_id = ${sourceCourseId} and u.deleted_at is null
          returning id`,
  );
  const items = await rows<{ id: number }>(
    tx,
    sql`insert into learning_items (unit_id, course_id, kind, title, body, settings, position,
            is_published, visible_from, delivery, max_points, grading, rubric, weight, due_at,
            late_until, counts_for_progress, copied_from_item_id)
          select nu.id, ${courseId}, i.kind, i.title, i.body, i.settings, i.position, false,
            i.visible_from + ${shift}, i.delivery, i.max_points, i.grading, i.rubric, i.weight,
            i.due_at + ${shift}, i.late_until + ${shift}, i.counts_for_progress, i.id
          from learning_items i
          join learning_units nu on nu.copied_from_unit_id = i.unit_id and nu.course_id = ${courseId}
            and nu.id = any(${intArray(units.map((u) => u.id))})
          where i.deleted_at is null
          returning id`,
  );
  return { units, items };
}

export async function markCopiedFrom(
  tx: Db,
  courseId: number,
  sourceCourseId: number,
): Promise<void> {
  await tx.execute(
    sql`update programme_courses set copied_from_course_id = ${sourceCourseId} where id = ${courseId}`,
  );
}
