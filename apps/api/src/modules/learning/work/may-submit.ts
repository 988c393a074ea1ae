import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { missingRight } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { rows } from '../../../lib/sql';

// Provisional (interface 2 of issue 15): the checks an upload for a task needs at its creation.
// The learner-work version, with study breaks, the cut-off and the attempt rule, replaces this
// file whole; the signature and the answer stay.

export type MaySubmit = {
  itemId: number;
  courseId: number;
  unitId: number;
  kind: ItemKind;
  settings: unknown;
  itemVersion: number;
  dueAt: Date | null;
  lateUntil: Date | null;
  classId: number | null;
};

const day = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The task if the caller may hand in work for it now, else the refusal of decision 0019: 403
 * without SUBMISSION__CREATE or while impersonating, 404 when the item is not theirs to see,
 * 409 when its unit is closed or not open yet, or their enrolment no longer takes work.
 */
export async function assertMaySubmit(
  db: Db,
  auth: AuthContext,
  itemId: number,
  now: Date = new Date(),
): Promise<MaySubmit> {
  if (!auth.rights.has('SUBMISSION__CREATE')) throw missingRight('SUBMISSION__CREATE');
  if (auth.impersonating)
    throw new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  const [row] = await rows<{
    id: number;
    course_id: number;
    unit_id: number;
    kind: ItemKind;
    settings: unknown;
    version: number;
    item_published: boolean;
    visible_from: Date | string | null;
    due_at: Date | string | null;
    late_until: Date | string | null;
    unit_status: 'draft' | 'published' | 'closed';
    opens_at: Date | string | null;
    may_submit: boolean;
    class_id: number | null;
    course_title: string;
  }>(
    db,
    sql`select i.id, i.course_id, i.unit_id, i.kind, i.settings, i.version,
          i.is_published as item_published,
          coalesce(d.visible_from, i.visible_from) as visible_from,
          coalesce(d.due_at, i.due_at) as due_at,
          coalesce(d.late_until, i.late_until) as late_until,
          u.status as unit_status, u.opens_at, cl.may_submit, cl.class_id, c.title as course_title
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        join lateral (
          select l.may_submit, l.class_id from course_learners l
          where l.course_id = i.course_id and l.student_id = ${auth.user.jwlId}
          order by l.may_submit desc limit 1
        ) cl on true
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        where i.id = ${itemId} and i.deleted_at is null`,
  );
  // Not a learner of its course, or not published to learners: as unknown as a wrong id.
  if (!row || row.unit_status === 'draft' || !row.item_published) throw notFound('The task');
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  const opensAt = at(row.opens_at);
  if (opensAt && opensAt > now)
    throw new AppError(409, 'UNIT_NOT_OPEN', `This unit opens on ${day.format(opensAt)}.`);
  const visibleFrom = at(row.visible_from);
  if (visibleFrom && visibleFrom > now)
    throw new AppError(409, 'ITEM_NOT_OPEN', `This task opens on ${day.format(visibleFrom)}.`);
  if (row.unit_status === 'closed')
    throw new AppError(
      409,
      'UNIT_CLOSED',
      'This unit is closed: you can read it but not hand in work.',
    );
  if (!row.may_submit)
    throw new AppError(
      409,
      'ENROLMENT_NOT_ACTIVE',
      `Your enrolment in ${row.course_title} is not active: you can read this course but not hand in work.`,
    );
  return {
    itemId: row.id,
    courseId: row.course_id,
    unitId: row.unit_id,
    kind: row.kind,
    settings: row.settings,
    itemVersion: row.version,
    dueAt: at(row.due_at),
    lateUntil: at(row.late_until),
    classId: row.class_id,
  };
}
