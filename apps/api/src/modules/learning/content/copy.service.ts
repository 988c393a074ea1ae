import { copyItemForums } from '../discussions/public';
import { sql } from 'drizzle-orm';
import { copyQuestionBanks } from '../quiz/public';
import type { CopyResult, CopySource } from '@lantern/contracts/learning-content';
import type { AuthContext } from '../../../plugins/auth';
import { audit } from '../../../lib/audit';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { authoringReach, loadCourseToAuthor } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import * as repo from './content.repository';
import { bumpCourse, writeRevisions } from './authoring.shared';

/*
 * Copy a course's content from another run of the programme (decision 0019, "Routes"): the
 * courses with the same code in other programmes the author reaches. Units and items arrive
 * as drafts, their dates moved by the difference of the programmes' starts; files are shared
 * (they never change), class dates are not copied (the classes are the other run's).
 */

type SourceRow = Parameters<typeof repo.toProgramme>[0] & {
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

export async function findCopySources(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<{ items: CopySource[] }> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const found = await rows<SourceRow>(
    deps.db,
    sql`${SOURCES(courseId, auth)} order by p.start_date desc, p.id desc limit 100`,
  );
  return {
    items: found.map((r) => ({
      courseId: r.course_id,
      code: r.course_code,
      title: r.course_title,
      programme: repo.toProgramme(r),
      units: r.units,
      items: r.items,
    })),
  };
}

export async function copyFrom(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  sourceCourseId: number,
  mode: 'empty' | 'append',
): Promise<CopyResult> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const [source] = await rows<SourceRow>(
    deps.db,
    sql`select * from (${SOURCES(courseId, auth)}) s where s.course_id = ${sourceCourseId}`,
  );
  if (!source) throw notFound('The course to copy from');
  return deps.db.transaction(async (tx) => {
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
    if (!target) throw notFound('The course');
    if (target.units > 0 && mode !== 'append')
      throw new AppError(
        409,
        'COPY_TARGET_NOT_EMPTY',
        'This course already has units: copy with “Add after the existing units” or remove them first.',
      );
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
    await copyQuestionBanks(
      tx,
      sourceCourseId,
      courseId,
      items.map((i) => i.id),
    );
    await writeRevisions(
      tx,
      items.map((i) => i.id),
      auth,
    );
    await copyItemForums(
      tx,
      items.map((i) => i.id),
    );
    await tx.execute(
      sql`update programme_courses set copied_from_course_id = ${sourceCourseId} where id = ${courseId}`,
    );
    const contentVersion = await bumpCourse(tx, courseId);
    await audit(tx, auth, {
      action: 'course.content_copied',
      entityType: 'programme_course',
      entityId: courseId,
      changes: { from: sourceCourseId, units: units.length, items: items.length, mode },
    });
    return {
      units: units.length,
      items: items.length,
      shiftDays: target.shift_days,
      contentVersion,
    };
  });
}
