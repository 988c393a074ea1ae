import type { z } from 'zod';
import type {
  resourceInputSchema,
  ResourceSettingsInput,
  taskInputSchema,
  taskUpdateSchema,
} from '@lantern/contracts/learning-content';
import type { ItemKind } from '@lantern/contracts/learning-enums';
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
import { AppError, invalidFields } from '../../../lib/errors';
import { sanitiseRichText } from '../../../lib/rich-text';
import {
  bumpCourse,
  bumpCourseCounted,
  hasSubmissionsError,
  itemToAuthor,
  stale,
  unitToAuthor,
  writeRevisions,
} from './authoring.shared';
import {
  deleteItemRow,
  insertItemRow,
  publishItemRow,
  updateItemRow,
  type StoredItem,
} from './content-items.repository';
import { itemHasSubmissions } from './content-authoring.repository';
import { resolveResourceFile } from './files';
import { toEmbedUrl } from './video';
import { checkQuizSettings } from '../quiz/public';
import { writeItemSession } from '../quiz/public';

type ResourceInput = z.output<typeof resourceInputSchema>;
type TaskInput = z.output<typeof taskInputSchema>;
type TaskUpdate = z.output<typeof taskUpdateSchema>;

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

type Stored = StoredItem;

async function insertItem(tx: Db, auth: AuthContext, unitId: number, courseId: number, s: Stored) {
  const row = await insertItemRow(tx, unitId, courseId, s);
  if (!row) throw new Error('item insert returned nothing');
  await writeRevisions(tx, [row.id], auth);
  return row;
}

async function updateItem(tx: Db, auth: AuthContext, itemId: number, version: number, s: Stored) {
  const row = await updateItemRow(tx, itemId, version, s);
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
    const row = await deleteItemRow(tx, itemId, version);
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
    const row = await publishItemRow(tx, itemId, publish, version);
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
