import type { Db } from '@lantern/db/client';
import { ITEM_KINDS } from '@lantern/contracts/learning-kinds';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { courseOfItem, courseOfUnit, loadCourseToAuthor } from '../../../lib/learning-scope';
import { recountCourseProgress } from '../work/public';
import * as repo from './content.repository';
import { bumpContentVersion, findLiveItem, insertRevisions } from './content-authoring.repository';

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
  return bumpContentVersion(tx, courseId);
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
  const item = await findLiveItem(db, itemId);
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
  await insertRevisions(tx, itemIds, auth.user.jwlId);
}
