import type { z } from 'zod';
import type { classDatesInputSchema, ItemDetail } from '@lantern/contracts/learning-content';
import type { AuthContext } from '../../../plugins/auth';
import { audit } from '../../../lib/audit';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { bumpCourse, itemToAuthor, stale } from './authoring.shared';
import {
  deleteClassDatesRow,
  findClassDates,
  findItemDetail,
  findProgrammeClass,
  findProgrammeClasses,
  saveClassDates,
} from './content-items.repository';
import { fileLink } from './files';

// An item as its author edits it, and its classes' own dates.

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** An item as its author edits it, with its class dates and the classes that could have some. */
export async function getItemDetail(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<ItemDetail> {
  const { course } = await itemToAuthor(deps.db, auth, itemId, null);
  const [[row], dates, classes] = await Promise.all([
    findItemDetail(deps.db, itemId),
    findClassDates(deps.db, itemId),
    findProgrammeClasses(deps.db, course.programmeId),
  ]);
  if (!row) throw notFound('The item');
  const fileId = row.settings.format === 'file' ? String(row.settings.fileId) : null;
  return {
    id: row.id,
    courseId: row.course_id,
    unitId: row.unit_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    settings: row.settings,
    file:
      fileId === null
        ? null
        : {
            id: fileId,
            name: row.file_name ?? 'Document',
            size: row.file_size ?? 0,
            url: fileLink(deps, fileId),
          },
    isPublished: row.is_published,
    visibleFrom: iso(row.visible_from),
    delivery: row.delivery,
    maxPoints: row.max_points,
    weight: row.weight,
    dueAt: iso(row.due_at),
    lateUntil: iso(row.late_until),
    countsForProgress: row.counts_for_progress,
    hasSubmissions: row.has_submissions,
    classDates: dates.map((d) => ({
      classId: d.class_id,
      className: d.name,
      visibleFrom: iso(d.visible_from),
      dueAt: iso(d.due_at),
      lateUntil: iso(d.late_until),
      version: d.version,
    })),
    classes: classes.map((k) => ({ id: k.id, name: k.name, clcCode: k.clc_code })),
    version: row.version,
  };
}

/** A class's own dates for a task (a class of the course's programme), at the version seen. */
export async function putClassDates(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  classId: number,
  input: z.output<typeof classDatesInputSchema>,
) {
  const { course, item } = await itemToAuthor(deps.db, auth, itemId, 'COURSE_TASK');
  const klass = await findProgrammeClass(deps.db, classId, course.programmeId);
  if (!klass) throw notFound('The class');
  return deps.db.transaction(async (tx) => {
    const row = await saveClassDates(tx, itemId, classId, input, auth.user.jwlId);
    if (!row) throw stale('this class’s dates');
    const contentVersion = await bumpCourse(tx, item.course_id);
    await audit(tx, auth, {
      action: 'learning_item.class_dates_set',
      entityType: 'learning_item',
      entityId: itemId,
      changes: { classId, dueAt: input.dueAt, lateUntil: input.lateUntil },
    });
    return { version: row.version, contentVersion };
  });
}

export async function deleteClassDates(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  classId: number,
) {
  const { item } = await itemToAuthor(deps.db, auth, itemId, 'COURSE_TASK');
  return deps.db.transaction(async (tx) => {
    const row = await deleteClassDatesRow(tx, itemId, classId);
    if (!row) throw notFound('The class’s dates');
    const contentVersion = await bumpCourse(tx, item.course_id);
    await audit(tx, auth, {
      action: 'learning_item.class_dates_removed',
      entityType: 'learning_item',
      entityId: itemId,
      changes: { classId },
    });
    return { version: row.version, contentVersion };
  });
}
