import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind, UnitStatus } from '@lantern/contracts/learning-enums';
import { ITEM_KINDS } from '@lantern/contracts/learning-kinds';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { courseOfItem, courseOfUnit, loadCourseToAuthor } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import { recountCourseProgress } from '../work/public';
import * as repo from './content.repository';

/** Shared steps of every authoring write (decision 0019, "Content"). */

export const stale = (what: string) =>
  new AppError(
    409,
    'STALE_VERSION',
    `Someone else changed ${what} while you were editing. Reload to see their changes, then edit again.`,
  );

export const hasSubmissionsError = (what: string) =>
  new AppError(409, 'HAS_SUBMISSIONS', `${what} has submissions: close it instead.`);

/** Raises the course's content version (the outline's ETag) and answers the new one. */
export async function bumpCourse(tx: Db, courseId: number): Promise<number> {
  const [row] = await rows<{ content_version: number }>(
    tx,
    sql`update programme_courses set content_version = content_version + 1 where id = ${courseId}
        returning content_version`,
  );
  return row?.content_version ?? 0;
}

/**
 * bumpCourse for a write that may change which items count for progress (an edit, a deletion,
 * publishing or closing): the course's progress figures are recounted in the same transaction,
 * so no learner's figure counts an item that no longer counts (decision 0019, Progress).
 */
export async function bumpCourseCounted(tx: Db, courseId: number): Promise<number> {
  const version = await bumpCourse(tx, courseId);
  await recountCourseProgress(tx, courseId);
  return version;
}

/** A unit of a course the caller may author, else 404. */
export async function unitToAuthor(db: Db, auth: AuthContext, unitId: number) {
  const courseId = await courseOfUnit(db, unitId);
  const course = await loadCourseToAuthor(db, auth, courseId).catch(() => {
    throw notFound('The unit');
  });
  const unit = await repo.findUnit(db, unitId);
  if (!unit) throw notFound('The unit');
  return { course, unit };
}

export type ItemRow = {
  id: number;
  unit_id: number;
  course_id: number;
  kind: ItemKind;
  title: string;
  is_published: boolean;
  version: number;
  unit_status: UnitStatus;
};

/**
 * An item the caller may author, else 404; `family` keeps resource and task routes apart (a
 * task's id on a resource route is unknown there).
 */
export async function itemToAuthor(
  db: Db,
  auth: AuthContext,
  itemId: number,
  family: 'COURSE_DOCUMENT' | 'COURSE_TASK' | null,
) {
  const courseId = await courseOfItem(db, itemId);
  const course = await loadCourseToAuthor(db, auth, courseId).catch(() => {
    throw notFound('The item');
  });
  const [item] = await rows<ItemRow>(
    db,
    sql`select i.id, i.unit_id, i.course_id, i.kind, i.title, i.is_published, i.version,
          u.status as unit_status
        from learning_items i join learning_units u on u.id = i.unit_id
        where i.id = ${itemId} and i.deleted_at is null`,
  );
  if (!item || (family !== null && ITEM_KINDS[item.kind].family !== family))
    throw notFound('The item');
  return { course, item };
}

/**
 * Writes the revision of each item at its current version (decision 0019, "Versions and
 * publishing"): every version of an item has one, so an answer is read against its prompt.
 */
export async function writeRevisions(tx: Db, itemIds: number[], auth: AuthContext) {
  if (itemIds.length === 0) return;
  await tx.execute(
    sql`insert into learning_item_revisions (item_id, version, content, edited_by)
        select i.id, i.version, jsonb_build_object(
            'title', i.title, 'body', i.body, 'settings', i.settings, 'kind', i.kind,
            'isPublished', i.is_published, 'visibleFrom', i.visible_from,
            'delivery', i.delivery, 'maxPoints', i.max_points, 'grading', i.grading,
            'rubric', i.rubric, 'weight', i.weight, 'dueAt', i.due_at, 'lateUntil', i.late_until,
            'countsForProgress', i.counts_for_progress),
          ${auth.user.jwlId}
        from learning_items i where i.id = any(${intArray(itemIds)})
        on conflict do nothing`,
  );
}

export async function unitHasSubmissions(db: Db, unitId: number): Promise<boolean> {
  return repo.hasSubmissions(db, sql`i.unit_id = ${unitId}`);
}

export async function itemHasSubmissions(db: Db, itemId: number): Promise<boolean> {
  return repo.hasSubmissions(db, sql`i.id = ${itemId}`);
}
