import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  classDatesInputSchema,
  ItemDetail,
  resourceInputSchema,
  ResourceSettingsInput,
  taskInputSchema,
  taskUpdateSchema,
} from '@lantern/contracts/learning-content';
import type { ItemKind, TaskDelivery } from '@lantern/contracts/learning-enums';
import {
  ITEM_KINDS,
  type ItemKindSpec,
  type ResourceSettings,
} from '@lantern/contracts/learning-kinds';
import type { Db } from '@lantern/db/client';
import { assertWbtSettings } from '../wbt/public';
import type { AuthContext } from '../../../plugins/auth';
import { audit } from '../../../lib/audit';
import { saveItemForum } from '../discussions/public';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { sanitiseRichText } from '../../../lib/rich-text';
import { jsonParam, rows } from '../../../lib/sql';
import {
  bumpCourse,
  bumpCourseCounted,
  hasSubmissionsError,
  itemHasSubmissions,
  itemToAuthor,
  stale,
  unitToAuthor,
  writeRevisions,
} from './authoring.shared';
import { fileLink, resolveResourceFile } from './files';
import { toEmbedUrl } from './video';
import { checkQuizSettings } from '../quiz/public';
import { writeItemSession } from '../quiz/public';

type ResourceInput = z.output<typeof resourceInputSchema>;
type TaskInput = z.output<typeof taskInputSchema>;
type TaskUpdate = z.output<typeof taskUpdateSchema>;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The stored settings of a resource: a file resolved to its id, a video to its embed address;
 * then parsed by the kind registry, as every write is. */
async function resourceSettings(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: ResourceSettingsInput,
): Promise<ResourceSettings> {
  let settings: unknown;
  switch (input.format) {
    case 'text':
      settings = { format: 'text' };
      break;
    case 'link':
      settings = { format: 'link', url: input.url };
      break;
    case 'video':
      settings = { format: 'video', url: toEmbedUrl(input.url, deps.config.videoHosts) };
      break;
    case 'file':
      settings = {
        format: 'file',
        fileId: await resolveResourceFile(deps.db, auth, courseId, input),
      };
      break;
  }
  const parsed = ITEM_KINDS.resource.settings.safeParse(settings);
  if (!parsed.success) throw invalidFields({ settings: 'These settings are not valid.' });
  return parsed.data;
}

function taskSettings(kind: ItemKind, settings: unknown): Record<string, unknown> {
  const parsed = ITEM_KINDS[kind].settings.safeParse(settings);
  if (!parsed.success) throw invalidFields({ settings: 'These settings are not valid.' });
  return parsed.data;
}

type Stored = {
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

async function insertItem(tx: Db, auth: AuthContext, unitId: number, courseId: number, s: Stored) {
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
  if (!row) throw new Error('item insert returned nothing');
  await writeRevisions(tx, [row.id], auth);
  return row;
}

async function updateItem(tx: Db, auth: AuthContext, itemId: number, version: number, s: Stored) {
  const [row] = await rows<{ version: number }>(
    tx,
    sql`update learning_items set title = ${s.title}, body = ${s.body},
          settings = ${jsonParam(s.settings)}::jsonb, visible_from = ${s.visibleFrom},
          counts_for_progress = ${s.countsForProgress}, delivery = ${s.delivery},
          max_points = ${s.maxPoints}, weight = ${s.weight}, due_at = ${s.dueAt},
          late_until = ${s.lateUntil}, version = version + 1, updated_at = now()
        where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
  );
  if (!row) throw stale('this item');
  await writeRevisions(tx, [itemId], auth);
  return row;
}

async function storedResource(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: ResourceInput,
): Promise<Stored> {
  return {
    kind: 'resource',
    title: input.title,
    body: await sanitiseRichText(input.body),
    settings: await resourceSettings(deps, auth, courseId, input.settings),
    visibleFrom: input.visibleFrom,
    countsForProgress: input.countsForProgress,
    delivery: null,
    maxPoints: null,
    weight: null,
    dueAt: null,
    lateUntil: null,
  };
}

async function storedTask(input: TaskInput | TaskUpdate): Promise<Stored> {
  return {
    kind: input.kind,
    title: input.title,
    body: await sanitiseRichText(input.body),
    settings: taskSettings(input.kind, input.settings),
    visibleFrom: input.visibleFrom,
    countsForProgress: input.countsForProgress,
    delivery: input.delivery,
    maxPoints: input.maxPoints ?? null,
    weight: input.weight,
    dueAt: input.dueAt,
    lateUntil: input.lateUntil,
  };
}

export async function createResource(
  deps: Deps,
  auth: AuthContext,
  unitId: number,
  input: ResourceInput,
) {
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  const stored = await storedResource(deps, auth, unit.course_id, input);
  return deps.db.transaction(async (tx) => {
    const row = await insertItem(tx, auth, unitId, unit.course_id, stored);
    await bumpCourse(tx, unit.course_id);
    await audit(tx, auth, {
      action: 'learning_item.created',
      entityType: 'learning_item',
      entityId: row.id,
      changes: { kind: 'resource', title: input.title },
    });
    return row;
  });
}

export async function createTask(deps: Deps, auth: AuthContext, unitId: number, input: TaskInput) {
  // A kind is added only once its answer screen and grading exist (decision 0020 §1.11).
  const spec: ItemKindSpec = ITEM_KINDS[input.kind];
  if (!spec.authorable) throw invalidFields({ kind: 'This kind of task cannot be added yet.' });
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  // A quiz's points are its slots' sum; its item-wide session is written with it (0020 §1.1).
  const quiz = input.kind === 'quiz' ? input : null;
  const maxPoints = quiz ? await checkQuizSettings(deps.db, unit.course_id, quiz.settings) : null;
  const stored = await storedTask(maxPoints === null ? input : { ...input, maxPoints });
  if (input.kind === 'wbt') await assertWbtSettings(deps.db, auth, unit.course_id, stored.settings);
  return deps.db.transaction(async (tx) => {
    const row = await insertItem(tx, auth, unitId, unit.course_id, stored);
    if (quiz) await writeItemSession(tx, auth, row.id, quiz.session);
    if (input.kind === 'discussion')
      await saveItemForum(tx, { id: row.id, courseId: unit.course_id, ...stored });
    await bumpCourse(tx, unit.course_id);
    await audit(tx, auth, {
      action: 'learning_item.created',
      entityType: 'learning_item',
      entityId: row.id,
      changes: { kind: input.kind, title: input.title },
    });
    return row;
  });
}

export async function updateResource(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: ResourceInput & { version: number },
) {
  const { item } = await itemToAuthor(deps.db, auth, itemId, 'COURSE_DOCUMENT');
  const stored = await storedResource(deps, auth, item.course_id, input);
  return deps.db.transaction(async (tx) => {
    const row = await updateItem(tx, auth, itemId, input.version, stored);
    const contentVersion = await bumpCourseCounted(tx, item.course_id);
    await audit(tx, auth, {
      action: 'learning_item.updated',
      entityType: 'learning_item',
      entityId: itemId,
      changes: input.title === item.title ? {} : { title: [item.title, input.title] },
    });
    return { version: row.version, contentVersion };
  });
}

export async function updateTask(deps: Deps, auth: AuthContext, itemId: number, input: TaskUpdate) {
  const { item } = await itemToAuthor(deps.db, auth, itemId, 'COURSE_TASK');
  if (input.kind !== item.kind)
    throw invalidFields({ kind: 'A task keeps its kind: add a new task instead.' });
  const maxPoints =
    input.kind === 'quiz' ? await checkQuizSettings(deps.db, item.course_id, input.settings) : null;
  const stored = await storedTask(maxPoints === null ? input : { ...input, maxPoints });
  if (input.kind === 'wbt') await assertWbtSettings(deps.db, auth, item.course_id, stored.settings);
  return deps.db.transaction(async (tx) => {
    const row = await updateItem(tx, auth, itemId, input.version, stored);
    if (input.kind === 'discussion')
      await saveItemForum(tx, { id: itemId, courseId: item.course_id, ...stored });
    const contentVersion = await bumpCourseCounted(tx, item.course_id);
    await audit(tx, auth, {
      action: 'learning_item.updated',
      entityType: 'learning_item',
      entityId: itemId,
      changes: input.title === item.title ? {} : { title: [item.title, input.title] },
    });
    return { version: row.version, contentVersion };
  });
}

/** An item goes as a tombstone; refused once a learner has work on it. */
export async function deleteItem(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  family: 'COURSE_DOCUMENT' | 'COURSE_TASK',
  version: number,
) {
  const { item } = await itemToAuthor(deps.db, auth, itemId, family);
  return deps.db.transaction(async (tx) => {
    if (await itemHasSubmissions(tx, itemId))
      throw hasSubmissionsError(family === 'COURSE_TASK' ? 'This task' : 'This item');
    const [row] = await rows<{ version: number }>(
      tx,
      sql`update learning_items set deleted_at = now(), version = version + 1, updated_at = now()
          where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
    );
    if (!row) throw stale('this item');
    const contentVersion = await bumpCourseCounted(tx, item.course_id);
    await audit(tx, auth, {
      action: 'learning_item.deleted',
      entityType: 'learning_item',
      entityId: itemId,
      changes: { title: item.title },
    });
    return { version: row.version, contentVersion };
  });
}

/** Publishes one item (shown once its unit is published) or takes it back to draft. */
export async function publishItem(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  publish: boolean,
  version: number,
) {
  const { item } = await itemToAuthor(deps.db, auth, itemId, null);
  return deps.db.transaction(async (tx) => {
    if (!publish && (await itemHasSubmissions(tx, itemId)))
      throw new AppError(
        409,
        'HAS_SUBMISSIONS',
        'This item has submissions: it cannot go back to draft. Close its unit instead.',
      );
    const [row] = await rows<{ version: number }>(
      tx,
      sql`update learning_items set is_published = ${publish},
            published_at = case when ${publish} then coalesce(published_at, now()) else null end,
            version = version + 1, updated_at = now()
          where id = ${itemId} and deleted_at is null and version = ${version} returning version`,
    );
    if (!row) throw stale('this item');
    await writeRevisions(tx, [itemId], auth);
    const contentVersion = await bumpCourseCounted(tx, item.course_id);
    await audit(tx, auth, {
      action: publish ? 'learning_item.published' : 'learning_item.unpublished',
      entityType: 'learning_item',
      entityId: itemId,
    });
    return { version: row.version, contentVersion };
  });
}

/** An item as its author edits it, with its class dates and the classes that could have some. */
export async function getItemDetail(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<ItemDetail> {
  const { course } = await itemToAuthor(deps.db, auth, itemId, null);
  const [[row], dates, classes] = await Promise.all([
    rows<{
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
    }>(
      deps.db,
      sql`select i.id, i.course_id, i.unit_id, i.kind, i.title, i.body, i.settings, i.is_published,
            i.visible_from, i.delivery, i.max_points::float8 as max_points, i.weight::float8 as weight,
            i.due_at, i.late_until, i.counts_for_progress, i.version,
            exists (select 1 from submissions s where s.item_id = i.id) as has_submissions,
            f.size as file_size,
            (select up.filename from uploads up where up.file_id = f.id order by up.created_at limit 1) as file_name
          from learning_items i
          left join files f on i.settings->>'format' = 'file' and f.id::text = i.settings->>'fileId'
          where i.id = ${itemId}`,
    ),
    rows<{
      class_id: number;
      name: string;
      visible_from: string | null;
      due_at: string | null;
      late_until: string | null;
      version: number;
    }>(
      deps.db,
      sql`select d.class_id, k.name, d.visible_from, d.due_at, d.late_until, d.version
          from item_class_dates d join classes k on k.id = d.class_id
          where d.item_id = ${itemId} order by k.name`,
    ),
    rows<{ id: number; name: string; clc_code: string }>(
      deps.db,
      sql`select k.id, k.name, c.code as clc_code from classes k join clcs c on c.id = k.clc_id
          where k.programme_id = ${course.programmeId} order by k.name`,
    ),
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
  const [klass] = await rows<{ id: number }>(
    deps.db,
    sql`select id from classes where id = ${classId} and programme_id = ${course.programmeId}`,
  );
  if (!klass) throw notFound('The class');
  return deps.db.transaction(async (tx) => {
    const [row] =
      input.version === undefined
        ? await rows<{ version: number }>(
            tx,
            sql`insert into item_class_dates (item_id, class_id, visible_from, due_at, late_until, updated_by)
                values (${itemId}, ${classId}, ${input.visibleFrom}, ${input.dueAt}, ${input.lateUntil}, ${auth.user.jwlId})
                on conflict do nothing returning version`,
          )
        : await rows<{ version: number }>(
            tx,
            sql`update item_class_dates set visible_from = ${input.visibleFrom}, due_at = ${input.dueAt},
                  late_until = ${input.lateUntil}, updated_by = ${auth.user.jwlId},
                  version = version + 1, updated_at = now()
                where item_id = ${itemId} and class_id = ${classId} and version = ${input.version}
                returning version`,
          );
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
    const [row] = await rows<{ version: number }>(
      tx,
      sql`delete from item_class_dates where item_id = ${itemId} and class_id = ${classId}
          returning version`,
    );
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
