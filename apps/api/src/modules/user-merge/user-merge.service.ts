import {
  MERGE_FIELDS,
  MERGE_TEXTS,
  type MergeCandidates,
  type MergeInput,
  type MergeLog,
  type MergePreview,
} from '@lantern/contracts/user-merge';
import type { Db } from '@lantern/db/client';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import {
  assertSuperAdminSurvives,
  grantsFor,
  isSuperAdminPerson,
  loadGrantTargets,
} from '../../lib/grants';
import { writeLedgerTransfer } from '../learning/teaching/public';
import { REFERENCES } from './merge-references';
import * as repo from './user-merge.repository';
import * as rowRepo from './user-merge-rows.repository';

const conflict = (detail: string) => new AppError(409, 'CONFLICT', detail);

/** The ids a move recorded for one reference (its rows' keys without the person column). */
const movedIds = (moves: repo.MergeRecord['moves'], ref: string, column: string): number[] =>
  (moves[ref]?.moved ?? []).map((key) => Number((key as Record<string, unknown>)[column]));

/**
 * The grade ledger's record of the learner work a merge (or its undo) moved: a transfer pair per
 * grade and course result (decision 0021 §1.2), in the merge's transaction.
 */
async function recordLedgerTransfer(
  tx: Db,
  auth: AuthContext,
  moves: repo.MergeRecord['moves'],
  from: number,
  to: number,
  reason: string,
): Promise<void> {
  await writeLedgerTransfer(tx, {
    fromId: from,
    toId: to,
    itemIds: movedIds(moves, 'grades.student_id', 'item_id'),
    enrolmentIds: movedIds(moves, 'enrolments.user_id', 'id'),
    actorId: auth.user.jwlId,
    impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
    reason,
  });
}

const tablesOf = () => [...new Set(REFERENCES.map((r) => r.table))];

const columnsOf = (table: 'users' | 'student_profiles') =>
  MERGE_FIELDS.filter((f) => f.table === table).map((f) => f.column);

/** Both people, checked for a merge: two different, present people; the removed not yet removed. */
async function loadPair(db: Db, removedId: number, keptId: number, lock: boolean) {
  if (removedId === keptId) throw badRequest(MERGE_TEXTS.same);
  const people = await repo.findPeople(db, [removedId, keptId], lock);
  const removed = people.get(removedId);
  const kept = people.get(keptId);
  if (!removed) throw notFound(`The person with JWL-ID ${String(removedId)}`);
  if (!kept) throw notFound(`The person with JWL-ID ${String(keptId)}`);
  return { removed, kept };
}

/**
 * Who may merge whom (and undo it): nobody merges their own account away, and the grant rule of
 * decision 0015 holds for both people — a merge ends one account and hands its roles and chosen
 * e-mail to the other, so the actor must be able to grant every role either of them holds (only
 * a super admin, then, merges a super admin). Answers whether a super admin was involved.
 */
async function guardActor(
  db: Db,
  auth: AuthContext,
  removedId: number,
  keptId: number,
): Promise<boolean> {
  if (removedId === auth.realUser.jwlId || removedId === auth.user.jwlId)
    throw new AppError(403, 'FORBIDDEN', MERGE_TEXTS.self);
  const grants = await grantsFor(db, auth);
  const targets = await loadGrantTargets(db, [removedId, keptId]);
  let superAdmin = false;
  for (const target of targets.values()) {
    if (grants.personRefusal(target)) throw new AppError(403, 'FORBIDDEN', MERGE_TEXTS.superAdmin);
    grants.assertIdentity(target);
    superAdmin ||= isSuperAdminPerson(target);
  }
  return superAdmin;
}

/** Why the merge cannot happen now, in sentences; empty when it can. */
async function conflictsOf(
  db: Db,
  removed: repo.PersonState,
  kept: repo.PersonState,
  shapes: Map<string, rowRepo.TableShape>,
): Promise<string[]> {
  const reasons: string[] = [];
  if (removed.removed) reasons.push(MERGE_TEXTS.removedGone);
  if (kept.removed)
    reasons.push(
      `The person to keep (${String(kept.id)}) has been removed or merged; pick the person they were merged into.`,
    );
  for (const ref of REFERENCES) {
    if (ref.policy.kind !== 'move') continue;
    const shape = shapes.get(ref.table);
    if (!shape) continue;
    const found = await rowRepo.findConflicts(db, ref, shape, removed.id, kept.id);
    if (found.length === 0) continue;
    const names = found.filter(Boolean);
    reasons.push(
      names.length > 0 ? `${ref.policy.conflict} (${names.join(', ')})` : ref.policy.conflict,
    );
  }
  return reasons;
}

const fieldValues = async (db: Db, removedId: number, keptId: number) => {
  const [ru, ku, rp, kp] = await Promise.all([
    rowRepo.readFields(db, 'users', removedId, columnsOf('users')),
    rowRepo.readFields(db, 'users', keptId, columnsOf('users')),
    rowRepo.readFields(db, 'student_profiles', removedId, columnsOf('student_profiles')),
    rowRepo.readFields(db, 'student_profiles', keptId, columnsOf('student_profiles')),
  ]);
  return {
    removed: { users: ru ?? {}, student_profiles: rp },
    kept: { users: ku ?? {}, student_profiles: kp },
  };
};

export async function preview(
  deps: Deps,
  removedId: number,
  keptId: number,
): Promise<MergePreview> {
  const { removed, kept } = await loadPair(deps.db, removedId, keptId, false);
  const shapes = await rowRepo.readShapes(deps.db, tablesOf());
  const [conflicts, counts, values] = await Promise.all([
    conflictsOf(deps.db, removed, kept, shapes),
    rowRepo.countReferences(deps.db, removedId, keptId),
    fieldValues(deps.db, removedId, keptId),
  ]);
  return {
    removed: repo.asMergePerson(removed),
    kept: repo.asMergePerson(kept),
    fields: MERGE_FIELDS.map((f) => ({
      key: f.key,
      label: f.label,
      removed: values.removed[f.table]?.[f.column] ?? null,
      kept: values.kept[f.table]?.[f.column] ?? null,
    })),
    counts,
    conflicts,
  };
}

/**
 * Merges the removed person into the kept one, in one transaction: every reference moves or
 * stays as its policy says (merge-references.ts), the chosen field values are copied, the
 * removed person becomes a tombstone, and the merge log records enough to undo it all.
 */
export async function merge(
  deps: Deps,
  auth: AuthContext,
  removedId: number,
  keptId: number,
  input: MergeInput,
): Promise<{ mergeId: number }> {
  const mergeId = await deps.db.transaction(async (tx) => {
    const { removed, kept } = await loadPair(tx, removedId, keptId, true);
    const superAdmin = await guardActor(tx, auth, removedId, keptId);
    const shapes = await rowRepo.readShapes(tx, tablesOf());
    const conflicts = await conflictsOf(tx, removed, kept, shapes);
    if (conflicts.length > 0) throw conflict(conflicts.join(' '));
    const counts = await rowRepo.countReferences(tx, removedId, keptId);
    const values = await fieldValues(tx, removedId, keptId);

    // Field choices: the removed person's value replaces the kept one's where asked.
    const fields: repo.MergeRecord['fields'] = {};
    const keptProfileExists = values.kept.student_profiles !== null;
    const writes: Record<'users' | 'student_profiles', Record<string, string | null>> = {
      users: {},
      student_profiles: {},
    };
    for (const f of MERGE_FIELDS) {
      if (input.fields[f.key] !== 'removed') continue;
      // Without a profile of their own, the kept person takes the removed one's whole.
      if (f.table === 'student_profiles' && !keptProfileExists) continue;
      const before = values.kept[f.table]?.[f.column] ?? null;
      const after = values.removed[f.table]?.[f.column] ?? null;
      if (before === after) continue;
      fields[f.key] = { side: 'removed', table: f.table, column: f.column, before, after };
      writes[f.table][f.column] = after;
    }
    await rowRepo.writeFields(tx, 'users', keptId, writes.users);
    if (keptProfileExists)
      await rowRepo.writeFields(tx, 'student_profiles', keptId, writes.student_profiles);

    const moves: repo.MergeRecord['moves'] = {};
    for (const ref of REFERENCES) {
      const shape = shapes.get(ref.table);
      if (!shape || ref.policy.kind === 'keep') continue;
      const key = `${ref.table}.${ref.column}`;
      if (ref.policy.kind === 'profile') {
        if (keptProfileExists || values.removed.student_profiles === null) continue;
        await tx.execute(rowRepo.moveProfileSql(ref.table, ref.column, removedId, keptId));
        moves[key] = { moved: [], dropped: [], profile: 'moved' };
        continue;
      }
      const move = await rowRepo.moveRows(
        tx,
        ref,
        shape,
        removedId,
        keptId,
        ref.policy.kind === 'move-dedupe',
      );
      if (move.moved.length > 0 || move.dropped.length > 0) moves[key] = move;
    }
    await repo.makeTombstone(tx, removedId, keptId);
    if (superAdmin) await assertSuperAdminSurvives(tx);
    const id = await repo.insertMerge(tx, {
      removedUserId: removedId,
      keptUserId: keptId,
      mergedBy: auth.user.jwlId,
      fields,
      moves,
      counts,
    });
    await recordLedgerTransfer(
      tx,
      auth,
      moves,
      removedId,
      keptId,
      `Accounts merged (merge #${String(id)}): JWL-ID ${String(removedId)} into ${String(keptId)}.`,
    );
    const summary = Object.fromEntries(
      counts.filter((c) => c.removed > 0).map((c) => [c.label, c.removed]),
    );
    await audit(tx, auth, {
      action: 'user.merged',
      entityType: 'user',
      entityId: keptId,
      changes: {
        mergeId: id,
        removed: removedId,
        kept: keptId,
        moved: summary,
        fields: Object.keys(fields),
      },
    });
    await audit(tx, auth, {
      action: 'user.merged_away',
      entityType: 'user',
      entityId: removedId,
      changes: { mergeId: id, removed: removedId, kept: keptId },
    });
    return id;
  });
  return { mergeId };
}

/** Puts both people back as they were before the merge (later edits elsewhere stay). */
export async function undo(deps: Deps, auth: AuthContext, mergeId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const record = await repo.findMerge(tx, mergeId, true);
    if (!record) throw notFound('The merge');
    if (record.undoneAt) throw conflict(MERGE_TEXTS.undone);
    const { removedUserId: removedId, keptUserId: keptId } = record;
    const people = await repo.findPeople(tx, [removedId, keptId], true);
    const removed = people.get(removedId);
    const kept = people.get(keptId);
    if (!removed || !kept) throw notFound('A person of this merge');
    if (kept.removed) throw conflict(MERGE_TEXTS.undoLater);
    const superAdmin = await guardActor(tx, auth, removedId, keptId);
    if (removed.mergedIntoId !== keptId)
      throw conflict(
        'The removed person no longer points at the kept one; this merge cannot be undone.',
      );

    const shapes = await rowRepo.readShapes(tx, tablesOf());
    for (const ref of [...REFERENCES].reverse()) {
      const key = `${ref.table}.${ref.column}`;
      const move = record.moves[key];
      const shape = shapes.get(ref.table);
      if (!move || !shape) continue;
      if (move.profile === 'moved') {
        await tx.execute(rowRepo.moveProfileSql(ref.table, ref.column, keptId, removedId));
        continue;
      }
      await rowRepo.unmoveRows(tx, ref, shape, removedId, keptId, move);
    }
    // The kept person's own values come back where nobody has changed them since.
    for (const table of ['users', 'student_profiles'] as const) {
      const entries = Object.values(record.fields).filter((f) => f.table === table);
      if (entries.length === 0) continue;
      await rowRepo.writeFields(
        tx,
        table,
        keptId,
        Object.fromEntries(entries.map((f) => [f.column, f.before])),
        Object.fromEntries(entries.map((f) => [f.column, f.after])),
      );
    }
    await recordLedgerTransfer(
      tx,
      auth,
      record.moves,
      keptId,
      removedId,
      `Merge #${String(mergeId)} undone: back to JWL-ID ${String(removedId)}.`,
    );
    await repo.reviveTombstone(tx, removedId);
    if (superAdmin) await assertSuperAdminSurvives(tx);
    await repo.markUndone(tx, mergeId, auth.user.jwlId);
    for (const [entityId, other] of [
      [keptId, removedId],
      [removedId, keptId],
    ] as const) {
      await audit(tx, auth, {
        action: 'user.merge_undone',
        entityType: 'user',
        entityId,
        changes: { mergeId, removed: removedId, kept: keptId, other },
      });
    }
  });
}

export async function candidates(deps: Deps, q: string): Promise<MergeCandidates> {
  const found = await repo.searchPeople(deps.db, q);
  return { items: found.map(repo.asMergePerson) };
}

export async function log(
  deps: Deps,
  query: { page: number; limit: number; user?: number | undefined },
): Promise<MergeLog> {
  const { items, total } = await repo.listMerges(deps.db, query);
  return { items, total, page: query.page, limit: query.limit };
}
