import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ItemKind, TaskDelivery, UnitStatus } from '@lantern/contracts/learning-enums';
import { jsonParam, rows } from '../../../lib/sql';

/** The statements of authoring a course's units, their order and the syllabus. */

export type AuthoringItemRow = {
  id: number;
  unit_id: number;
  kind: ItemKind;
  title: string;
  is_published: boolean;
  visible_from: string | null;
  delivery: TaskDelivery | null;
  max_points: number | null;
  due_at: string | null;
  format: string | null;
  has_submissions: boolean;
  version: number;
};

/** Every live item of the course, drafts included, in order. */
export async function findAuthoringItems(db: Db, courseId: number): Promise<AuthoringItemRow[]> {
  return rows<AuthoringItemRow>(
    db,
    sql`select i.id, i.unit_id, i.kind, i.title, i.is_published, i.visible_from, i.delivery,
            i.max_points::float8 as max_points, i.due_at, i.settings->>'format' as format, i.version,
            exists (select 1 from submissions s where s.item_id = i.id) as has_submissions
          from learning_items i where i.course_id = ${courseId} and i.deleted_at is null
          order by i.position, i.id`,
  );
}

/** Sets the syllabus at the course's content version; undefined when it moved. */
export async function setSyllabus(
  tx: Db,
  courseId: number,
  syllabus: string,
  contentVersion: number,
): Promise<{ content_version: number } | undefined> {
  const [row] = await rows<{ content_version: number }>(
    tx,
    sql`update programme_courses set syllabus = ${syllabus}, content_version = content_version + 1
          where id = ${courseId} and content_version = ${contentVersion}
          returning content_version`,
  );
  return row;
}

/** A new unit, last in its course. */
export async function insertUnit(
  tx: Db,
  courseId: number,
  input: { title: string; summary: string; opensAt: string | null },
): Promise<{ id: number; version: number } | undefined> {
  const { summary } = input;
  const [row] = await rows<{ id: number; version: number }>(
    tx,
    sql`insert into learning_units (course_id, title, summary, opens_at, position)
          values (${courseId}, ${input.title}, ${summary}, ${input.opensAt},
            (select coalesce(max(position), 0) + 1 from learning_units where course_id = ${courseId} and deleted_at is null))
          returning id, version`,
  );
  return row;
}

/** Edits a unit at the version read; undefined when the version moved. */
export async function updateUnitRow(
  tx: Db,
  unitId: number,
  version: number,
  u: { title: string; summary: string; opensAt: string | null },
): Promise<{ version: number } | undefined> {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`update learning_units set title = ${u.title}, summary = ${u.summary},
            opens_at = ${u.opensAt},
            version = version + 1, updated_at = now()
          where id = ${unitId} and deleted_at is null and version = ${version}
          returning version`,
  );
  return row;
}

/** Tombstones a unit at the version read, with its items; undefined when the version moved. */
export async function deleteUnitRow(
  tx: Db,
  unitId: number,
  version: number,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update learning_units set deleted_at = now(), version = version + 1, updated_at = now()
          where id = ${unitId} and deleted_at is null and version = ${version} returning id`,
  );
  if (!row) return undefined;
  await tx.execute(
    sql`update learning_items set deleted_at = now(), updated_at = now()
          where unit_id = ${unitId} and deleted_at is null`,
  );
  return row;
}

export async function findLiveUnitIds(tx: Db, courseId: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    tx,
    sql`select id from learning_units where course_id = ${courseId} and deleted_at is null`,
  );
}

export async function findLiveItemIds(tx: Db, unitId: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    tx,
    sql`select id from learning_items where unit_id = ${unitId} and deleted_at is null`,
  );
}

/** Raises the course's content version from the one read; undefined when it moved. */
export async function bumpContentVersionAt(
  tx: Db,
  courseId: number,
  version: number,
): Promise<{ content_version: number } | undefined> {
  const [row] = await rows<{ content_version: number }>(
    tx,
    sql`update programme_courses set content_version = content_version + 1
          where id = ${courseId} and content_version = ${version} returning content_version`,
  );
  return row;
}

/** The units' positions in the order given. */
export async function setUnitPositions(tx: Db, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update learning_units u set position = o.position, updated_at = now()
          from jsonb_array_elements(${jsonParam(ids)}::jsonb) with ordinality as o(id, position)
          where u.id = (o.id)::text::int`,
  );
}

/** The items' positions in the order given. */
export async function setItemPositions(tx: Db, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update learning_items i set position = o.position, updated_at = now()
          from jsonb_array_elements(${jsonParam(ids)}::jsonb) with ordinality as o(id, position)
          where i.id = (o.id)::text::int`,
  );
}

export type Transition = 'publish' | 'unpublish' | 'close' | 'reopen';

/**
 * Moves a unit from `from` to `to` at the version read, stamping who published or closed it;
 * undefined when the version or the status moved.
 */
export async function transitionUnitRow(
  tx: Db,
  unitId: number,
  transition: Transition,
  step: { from: UnitStatus; to: UnitStatus },
  version: number,
  by: number,
): Promise<{ version: number; status: UnitStatus } | undefined> {
  const [row] = await rows<{ version: number; status: UnitStatus }>(
    tx,
    sql`update learning_units set status = ${step.to}, version = version + 1, updated_at = now(),
            published_at = case when ${transition === 'publish'} then now() else published_at end,
            published_by = case when ${transition === 'publish'} then ${by}::int else published_by end,
            closed_at = case when ${transition === 'close'} then now() when ${transition === 'reopen'} then null else closed_at end,
            closed_by = case when ${transition === 'close'} then ${by}::int when ${transition === 'reopen'} then null else closed_by end
          where id = ${unitId} and deleted_at is null and version = ${version} and status = ${step.from}
          returning version, status`,
  );
  return row;
}

/** Publishes the unit's draft items; their ids. */
export async function publishUnitItems(tx: Db, unitId: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    tx,
    sql`update learning_items set is_published = true, published_at = now(),
              version = version + 1, updated_at = now()
            where unit_id = ${unitId} and deleted_at is null and not is_published returning id`,
  );
}
