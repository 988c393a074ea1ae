import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind, UnitStatus } from '@lantern/contracts/learning-enums';
import { intArray, rows } from '../../../lib/sql';
import { hasSubmissions } from './content.repository';

/** The statements every authoring write shares, and a file resource's file. */

/** Raises the course's content version (the outline's ETag) and answers the new one. */
export async function bumpContentVersion(tx: Db, courseId: number): Promise<number> {
  const [row] = await rows<{ content_version: number }>(
    tx,
    sql`update programme_courses set content_version = content_version + 1 where id = ${courseId}
        returning content_version`,
  );
  return row?.content_version ?? 0;
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

/** A live item with its unit's status. */
export async function findLiveItem(db: Db, itemId: number): Promise<ItemRow | undefined> {
  const [item] = await rows<ItemRow>(
    db,
    sql`select i.id, i.unit_id, i.course_id, i.kind, i.title, i.is_published, i.version,
          u.status as unit_status
        from learning_items i join learning_units u on u.id = i.unit_id
        where i.id = ${itemId} and i.deleted_at is null`,
  );
  return item;
}

/** The revision of each item at its current version, by its editor. */
export async function insertRevisions(tx: Db, itemIds: number[], editedBy: number): Promise<void> {
  await tx.execute(
    sql`insert into learning_item_revisions (item_id, version, content, edited_by)
        select i.id, i.version, jsonb_build_object(
            'title', i.title, 'body', i.body, 'settings', i.settings, 'kind', i.kind,
            'isPublished', i.is_published, 'visibleFrom', i.visible_from,
            'delivery', i.delivery, 'maxPoints', i.max_points, 'grading', i.grading,
            'rubric', i.rubric, 'weight', i.weight, 'dueAt', i.due_at, 'lateUntil', i.late_until,
            'countsForProgress', i.counts_for_progress),
          ${editedBy}
        from learning_items i where i.id = any(${intArray(itemIds)})
        on conflict do nothing`,
  );
}

export async function unitHasSubmissions(db: Db, unitId: number): Promise<boolean> {
  return hasSubmissions(db, sql`i.unit_id = ${unitId}`);
}

export async function itemHasSubmissions(db: Db, itemId: number): Promise<boolean> {
  return hasSubmissions(db, sql`i.id = ${itemId}`);
}

/** The file of the author's completed course-document upload for the course. */
export async function findUploadedDocument(
  db: Db,
  uploadId: string,
  ownerId: number,
  courseId: number,
): Promise<{ file_id: string | null } | undefined> {
  const [upload] = await rows<{ file_id: string | null }>(
    db,
    sql`select file_id from uploads where id = ${uploadId} and owner_id = ${ownerId}
          and purpose = 'course_document' and course_id = ${courseId} and completed_at is not null`,
  );
  return upload;
}

/** A file the course already uses: in an item's settings or a course-document upload. */
export async function findCourseDocument(
  db: Db,
  fileId: string,
  courseId: number,
): Promise<{ id: string } | undefined> {
  const [used] = await rows<{ id: string }>(
    db,
    sql`select f.id from files f where f.id = ${fileId} and (
            exists (select 1 from learning_items i where i.course_id = ${courseId}
                    and i.settings->>'fileId' = ${fileId})
            or exists (select 1 from uploads u where u.file_id = f.id and u.course_id = ${courseId}
                    and u.purpose = 'course_document'))`,
  );
  return used;
}
