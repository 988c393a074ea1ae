import { copyItemForums } from '../discussions/public';
import { copyQuestionBanks } from '../quiz/public';
import type { CopyResult, CopySource } from '@lantern/contracts/learning-content';
import type { AuthContext } from '../../../plugins/auth';
import { audit } from '../../../lib/audit';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import * as repo from './content.repository';
import { bumpCourse, writeRevisions } from './authoring.shared';
import {
  copyUnitsAndItems,
  findSource,
  findSources,
  lockCopyTarget,
  markCopiedFrom,
} from './content-copy.repository';

/*
 * Copy a course's content from another run of the programme (decision 0019, "Routes"): the
 * courses with the same code in other programmes the author reaches. Units and items arrive
 * as drafts, their dates moved by the difference of the programmes' starts; files are shared
 * (they never change), class dates are not copied (the classes are the other run's).
 */

export async function findCopySources(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<{ items: CopySource[] }> {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const found = await findSources(deps.db, auth, courseId);
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
  const source = await findSource(deps.db, auth, courseId, sourceCourseId);
  if (!source) throw notFound('The course to copy from');
  return deps.db.transaction(async (tx) => {
    const target = await lockCopyTarget(tx, courseId, sourceCourseId);
    if (!target) throw notFound('The course');
    if (target.units > 0 && mode !== 'append')
      throw new AppError(
        409,
        'COPY_TARGET_NOT_EMPTY',
        'This course already has units: copy with “Add after the existing units” or remove them first.',
      );
    const { units, items } = await copyUnitsAndItems(tx, courseId, sourceCourseId, target);
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
    await markCopiedFrom(tx, courseId, sourceCourseId);
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
