import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind, TaskDelivery } from '@lantern/contracts/learning-enums';
import { jsonParam, rows } from '../../../lib/sql';

/** The statements of authoring an item and its class dates. */

/** An item as stored by an authoring write. */
export type StoredItem = {
  kind: ItemKind;
  title: string;
  body: string;
  settings: Record<string, unknown>;
  visibleFrom: string | null;
  countsForProgress: boolean;
  delivery: TaskDelivery | null;
  maxPoints: number | null;
  weight: number | null;
  dueAt: string | null;
  lateUntil: string | null;
};

/** A new item, last in its unit. */
export async function insertItemRow(
  tx: Db,
  unitId: number,
  courseId: number,
  s: StoredItem,
): Promise<{ id: number; version: number } | undefined> {
  const [row] = await rows<{ id: number; version: number }>(
    tx,
    sql`insert into learning_items (unit_id, course_id, kind, title, body, settings, position,
          visible_from, counts_for_progress, delivery, max_points, grading, weight, due_at, late_until)
        values (${unitId}, ${courseId}, ${s.kind}, ${s.title}, ${s.body}, ${jsonParam(s.settings)}::jsonb,
          (select coalesce(max(position), 0) + 1 from learning_items where unit_id = ${unitId} and deleted_at is null),
          ${s.visibleFrom}, ${s.countsForProgress}, ${s.delivery}, ${s.maxPoints},
          ${s.delivery === null ? null : 'points'}, ${s.weight}, ${s.dueAt}, ${s.lateUntil})
        returning id, version`,
  );
  return row;
}

/** Edits an item at the version read; undefined when the version moved. */
export async function updateItemRow(
  tx: Db,
  itemId: number,
  version: number,
  s: StoredItem,
): Promise<{ version: number } | undefined> {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`update learning_items set title = ${s.title}, body = ${s.body},
          settings = ${jsonParam(s.settings)}::jsonb, visible_from = ${s.visibleFrom},
          counts_for_progress = ${s.countsForProgress}, delivery = ${s.delivery},
          max_points = ${s.maxPoints}, weight = ${s.weight}, due_at = ${s.dueAt},
          late_until = ${s.lateUntil}, version = version + 1, updated_at = now()
        where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
  );
  return row;
}

/** Tombstones an item at the version read; undefined when the version moved. */
export async function deleteItemRow(
  tx: Db,
  itemId: number,
  version: number,
): Promise<{ version: number } | undefined> {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`update learning_items set deleted_at = now(), version = version + 1, updated_at = now()
          where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
  );
  return row;
}

/** Publishes an item or takes it back to draft, at the version read. */
export async function publishItemRow(
  tx: Db,
  itemId: number,
  publish: boolean,
  version: number,
): Promise<{ version: number } | undefined> {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`update learning_items set is_published = ${publish},
            published_at = case when ${publish} then coalesce(published_at, now()) else null end,
            version = version + 1, updated_at = now()
          where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
  );
  return row;
}

export type ItemDetailRow = {
  id: number;
  course_id: number;
  unit_id: number;
  kind: ItemKind;
  title: string;
  body: string;
  settings: Record<string, unknown>;
  is_published: boolean;
  visible_from: string | null;
  delivery: TaskDelivery | null;
  max_points: number | null;
  weight: number | null;
  due_at: string | null;
  late_until: string | null;
  counts_for_progress: boolean;
  version: number;
  has_submissions: boolean;
  file_size: number | null;
  file_name: string | null;
};

/** An item as its author edits it, with its file's size and name. */
export async function findItemDetail(db: Db, itemId: number): Promise<ItemDetailRow[]> {
  return rows<ItemDetailRow>(
    db,
    sql`select i.id, i.course_id, i.unit_id, i.kind, i.title, i.body, i.settings, i.is_published,
            i.visible_from, i.delivery, i.max_points::float8 as max_points, i.weight::float8 as weight,
            i.due_at, i.late_until, i.counts_for_progress, i.version,
            exists (select 1 from submissions s where s.item_id = i.id) as has_submissions,
            f.size as file_size,
            (select up.filename from uploads up where up.file_id = f.id order by up.created_at limit 1) as file_name
          from learning_items i
          left join files f on i.settings->>'format' = 'file' and f.id::text = i.settings->>'fileId'
          where i.id = ${itemId}`,
  );
}

export type ClassDatesRow = {
  class_id: number;
  name: string;
  visible_from: string | null;
  due_at: string | null;
  late_until: string | null;
  version: number;
};

export async function findClassDates(db: Db, itemId: number): Promise<ClassDatesRow[]> {
  return rows<ClassDatesRow>(
    db,
    sql`select d.class_id, k.name, d.visible_from, d.due_at, d.late_until, d.version
          from item_class_dates d join classes k on k.id = d.class_id
          where d.item_id = ${itemId} order by k.name`,
  );
}

/** The classes of the programme with their CLC's code. */
export async function findProgrammeClasses(
  db: Db,
  programmeId: number,
): Promise<{ id: number; name: string; clc_code: string }[]> {
  return rows<{ id: number; name: string; clc_code: string }>(
    db,
    sql`select k.id, k.name, c.code as clc_code from classes k join clcs c on c.id = k.clc_id
          where k.programme_id = ${programmeId} order by k.name`,
  );
}

export async function findProgrammeClass(
  db: Db,
  classId: number,
  programmeId: number,
): Promise<{ id: number } | undefined> {
  const [klass] = await rows<{ id: number }>(
    db,
    sql`select id from classes where id = ${classId} and programme_id = ${programmeId}`,
  );
  return klass;
}

export type ClassDatesInput = {
  visibleFrom: string | null;
  dueAt: string | null;
  lateUntil: string | null;
  version?: number | undefined;
};

/**
 * A class's own dates for an item: new without `input.version`, else edited at that version;
 * undefined when they exist already or the version moved.
 */
export async function saveClassDates(
  tx: Db,
  itemId: number,
  classId: number,
  input: ClassDatesInput,
  updatedBy: number,
): Promise<{ version: number } | undefined> {
  const [row] =
    input.version === undefined
      ? await rows<{ version: number }>(
          tx,
          sql`insert into item_class_dates (item_id, class_id, visible_from, due_at, late_until, updated_by)
                values (${itemId}, ${classId}, ${input.visibleFrom}, ${input.dueAt}, ${input.lateUntil}, ${updatedBy})
                on conflict do nothing returning version`,
        )
      : await rows<{ version: number }>(
          tx,
          sql`update item_class_dates set visible_from = ${input.visibleFrom}, due_at = ${input.dueAt},
                  late_until = ${input.lateUntil}, updated_by = ${updatedBy},
                  version = version + 1, updated_at = now()
                where item_id = ${itemId} and class_id = ${classId} and version = ${input.version}
                returning version`,
        );
  return row;
}

export async function deleteClassDatesRow(
  tx: Db,
  itemId: number,
  classId: number,
): Promise<{ version: number } | undefined> {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`delete from item_class_dates where item_id = ${itemId} and class_id = ${classId}
          returning version`,
  );
  return row;
}
