import type {
  DropoutItem,
  DropoutItemInput,
  DropoutPreview,
  Evidence,
} from '@lantern/contracts/dropout';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { parseTermKey } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { evaluateProgramme, previewItem, type EvaluationCounts } from './dropout.evaluation';
import {
  deleteItemRow,
  insertItem,
  insertRun,
  itemRow,
  itemsOfProgramme,
  lastRunOf,
  programmeInScope,
  programmesToRun,
  reportRows,
  tasksByIds,
  termOf,
  updateItemRow,
  type ItemRow,
} from './dropout-items.repository';

export const iso = (d: Date | string) => new Date(d).toISOString();

const toItem = (r: ItemRow): DropoutItem => ({
  id: r.id,
  programmeId: r.programme_id,
  termKey: r.term_key,
  action: r.action,
  criterion: r.criterion,
  percent: r.percent === null ? null : Number(r.percent),
  weeks: r.weeks,
  ignoreZeroPointTasks: r.ignore_zero_point_tasks,
  isActive: r.is_active,
  flagged: r.flagged,
  version: r.version,
  updatedAt: iso(r.updated_at),
});

/** The programme of the path, if it has that type and is offered at a CLC the request reaches. */
export async function programmeFor(db: Db, auth: AuthContext, type: ProgrammeType, id: number) {
  const programme = await programmeInScope(db, clcScope(auth), type, id);
  if (!programme) throw notFound('The programme');
  return programme;
}

export async function listItems(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  const programme = await programmeFor(deps.db, auth, type, id);
  const items = await itemsOfProgramme(deps.db, id);
  const run = await lastRunOf(deps.db, id);
  return {
    programme,
    items: items.map(toItem),
    lastRun: run
      ? { finishedAt: iso(run.finished_at), flagged: run.flagged, cleared: run.cleared }
      : null,
  };
}

async function itemOf(db: Db, programmeId: number, termKey: string, itemId: number) {
  const row = await itemRow(db, programmeId, termKey, itemId);
  if (!row) throw notFound('The dropout flagging item');
  return row;
}

type ItemPath = { type: ProgrammeType; programmeId: number; termKey: string };

/**
 * A bachelor programme's items belong to one of its terms (`2026-fa`, decision 0022) or to
 * `all`; another key is "not found". Other programmes keep the term key they use (`all`).
 */
async function assertTermOf(db: Db, path: ItemPath) {
  if (path.type !== 'bachelor' || path.termKey === 'all') return;
  const term = parseTermKey(path.termKey);
  const found = term ? await termOf(db, path.programmeId, term.year, term.season) : undefined;
  if (!found) throw notFound('The term');
}

export async function getItem(deps: Deps, auth: AuthContext, path: ItemPath, itemId: number) {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

export async function createItem(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  input: DropoutItemInput,
): Promise<DropoutItem> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await assertTermOf(deps.db, path);
  const itemId = await deps.db.transaction(async (tx) => {
    const row = await insertItem(tx, path, input);
    if (!row) throw new Error('The dropout flagging item could not be saved.');
    await audit(tx, auth, {
      action: 'dropout_item.created',
      entityType: 'dropout_flagging_item',
      entityId: row.id,
      changes: { programmeId: path.programmeId, termKey: path.termKey, ...input },
    });
    return row.id;
  });
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

export async function updateItem(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  itemId: number,
  input: DropoutItemInput & { version: number },
): Promise<DropoutItem> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await deps.db.transaction(async (tx) => {
    const current = await itemOf(tx, path.programmeId, path.termKey, itemId);
    const row = await updateItemRow(tx, itemId, input);
    if (!row)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this item meanwhile: reload it to see their change.',
        { current: toItem(current) },
      );
    await audit(tx, auth, {
      action: 'dropout_item.updated',
      entityType: 'dropout_flagging_item',
      entityId: itemId,
      changes: { ...input },
    });
  });
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

/** Deletes an item (kept for the tuning report) and clears its open flags. */
export async function deleteItem(deps: Deps, auth: AuthContext, path: ItemPath, itemId: number) {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await deps.db.transaction(async (tx) => {
    await itemOf(tx, path.programmeId, path.termKey, itemId);
    await deleteItemRow(tx, itemId);
    await audit(tx, auth, {
      action: 'dropout_item.deleted',
      entityType: 'dropout_flagging_item',
      entityId: itemId,
    });
  });
}

/** The tasks evidence names, so the screen says which in words. */
export async function tasksOf(db: Db, evidence: readonly Evidence[]) {
  const ids = [
    ...new Set(evidence.flatMap((e) => [...e.counted, ...e.excluded.map((x) => x.itemId)])),
  ];
  if (ids.length === 0) return [];
  const found = await tasksByIds(db, ids);
  return found.map((t) => ({
    id: t.id,
    title: t.title,
    course: t.course,
    maxPoints: t.max_points === null ? null : Number(t.max_points),
    dueAt: t.due_at === null ? null : iso(t.due_at),
  }));
}

export async function preview(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  input: DropoutItemInput,
): Promise<DropoutPreview> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await assertTermOf(deps.db, path);
  const found = await previewItem(deps.db, path.programmeId, input, path.termKey);
  return {
    count: found[0]?.total ?? 0,
    students: found.map((r) => ({
      enrolmentId: r.enrolment_id,
      studentId: r.student_id,
      name: r.name,
      className: r.class_name,
      status: r.status,
      evidence: r.evidence,
    })),
    tasks: await tasksOf(
      deps.db,
      found.map((r) => r.evidence),
    ),
  };
}

/** Where the evaluation's mails link to and how they leave after the commit. */
export type RunOptions = { publicUrl: string; dispatch: (mailIds: number[]) => void };

/** Evaluates one programme in its own transaction and records the run. */
export async function runProgramme(
  db: Db,
  programmeId: number,
  trigger: 'schedule' | 'on_demand',
  options: RunOptions,
): Promise<EvaluationCounts & { durationMs: number }> {
  const started = new Date();
  const { mailIds, ...result } = await db.transaction(async (tx) => {
    const counts = await evaluateProgramme(tx, programmeId, options);
    const durationMs = Date.now() - started.getTime();
    await insertRun(tx, {
      programmeId,
      trigger,
      started,
      flagged: counts.flagged,
      cleared: counts.cleared,
      durationMs,
    });
    return { ...counts, durationMs };
  });
  // Mails leave only once the flags they speak of are committed.
  options.dispatch(mailIds);
  return result;
}

export async function run(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  await programmeFor(deps.db, auth, type, id);
  const result = await runProgramme(deps.db, id, 'on_demand', {
    publicUrl: deps.config.publicUrl,
    dispatch: (ids) => {
      deps.mailer.dispatch(ids);
    },
  });
  await audit(deps.db, auth, {
    action: 'dropout.evaluated',
    entityType: 'programme',
    entityId: id,
    changes: { ...result },
  });
  return result;
}

/**
 * The daily run: programme by programme, each its own short transaction, so on PGlite's one
 * connection a request waits behind one programme at most (0021 §3.3).
 */
export async function runAll(db: Db, options: RunOptions): Promise<number> {
  const programmes = await programmesToRun(db);
  for (const p of programmes) {
    await runProgramme(db, p.programme_id, 'schedule', options);
    // Let requests that queued meanwhile go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return programmes.length;
}

/**
 * The tuning report (0021 §3.7): per item, how many it flagged and what became of them, and
 * how many students left without a flag of it.
 */
export async function report(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  await programmeFor(deps.db, auth, type, id);
  const found = await reportRows(deps.db, id);
  return {
    rows: found.map((r) => ({
      itemId: r.item_id,
      criterion: r.criterion,
      action: r.action,
      percent: r.percent === null ? null : Number(r.percent),
      weeks: r.weeks,
      isDeleted: r.is_deleted,
      flagged: r.flagged,
      droppedOut: r.dropped_out,
      stillActive: r.still_active,
      completed: r.completed,
      droppedWithoutFlag: r.dropped_without_flag,
    })),
  };
}
