import type { CleanupCriteria, CleanupRun } from '@lantern/contracts/data-checks';
import type { AuthContext } from '../../plugins/auth';
import { grantsFor, loadGrantTargets } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import type { Db } from '@lantern/db/client';
import { AppError, notFound } from '../../lib/errors';
import { auditMany } from '../../lib/audit';
import * as repo from './data-cleanup.repository';

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** The signed-in person and, while impersonating, the one acting: never removed by a run. */
const keepOf = (auth: AuthContext) => [...new Set([auth.user.jwlId, auth.realUser.jwlId])];

/**
 * Of the people a run would remove, those the asker may not (their roles are beyond the asker's
 * grant rule, 0015): spared by the dry run and the run alike, and counted as such.
 */
async function beyondRights(db: Db, auth: AuthContext, ids: number[]): Promise<Set<number>> {
  const grants = await grantsFor(db, auth);
  const targets = await loadGrantTargets(db, ids);
  const beyond = new Set<number>();
  for (const [id, target] of targets) if (grants.identityRefusal(target)) beyond.add(id);
  return beyond;
}

export async function dryRun(deps: Deps, auth: AuthContext, criteria: CleanupCriteria) {
  const keep = keepOf(auth);
  const [found, ids] = await Promise.all([
    repo.dryRun(deps.db, criteria, keep),
    repo.targetIds(deps.db, criteria, keep),
  ]);
  const beyond = await beyondRights(deps.db, auth, ids);
  const { examples, spared } = found;
  return {
    count: found.count - beyond.size,
    spared: {
      total: spared.total + beyond.size,
      reasons: [...spared.reasons, { reason: 'rights' as const, count: beyond.size }],
    },
    examples: examples
      .filter((e) => !beyond.has(e.id))
      .map((e) => ({
        ...e,
        createdAt: iso(e.createdAt) ?? '',
        lastSignInAt: iso(e.lastSignInAt),
        roles: e.roles ?? [],
      })),
  };
}

/**
 * Removes (soft-deletes) the people a finder selects, when their number is still the one the
 * confirmation showed. One transaction: the run, the removals, the roles and the sign-ins.
 */
export async function runCleanup(
  deps: Deps,
  auth: AuthContext,
  input: CleanupCriteria & { expectedCount: number },
) {
  const criteria: CleanupCriteria = { kind: input.kind, months: input.months };
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockTargets(tx, criteria, keepOf(auth));
    // Removing someone ends their account and takes their roles: those the grant rule of 0015
    // keeps from the asker are spared, as the dry run said.
    const beyond = await beyondRights(tx, auth, found);
    const ids = found.filter((id) => !beyond.has(id));
    if (ids.length !== input.expectedCount)
      throw new AppError(
        409,
        'CONFLICT',
        `The finder now selects ${ids.length} people, not ${input.expectedCount}. Run the dry run again.`,
      );
    if (ids.length === 0) throw new AppError(409, 'CONFLICT', 'Nobody to remove.');
    const run = await repo.removePeople(tx, {
      kind: input.kind,
      criteria,
      ids,
      createdBy: auth.user.jwlId,
    });
    await auditMany(tx, auth, [
      {
        action: 'data_cleanup.run',
        entityType: 'data_cleanup',
        entityId: run.id,
        changes: { ...criteria, count: ids.length },
      },
      ...ids.map((id) => ({
        action: 'user.removed',
        entityType: 'user',
        entityId: id,
        changes: { cleanup: run.id, kind: input.kind },
      })),
    ]);
    return { id: run.id, count: ids.length };
  });
}

export async function findRuns(deps: Deps, query: { page: number; limit: number }) {
  const { items, total } = await repo.findRuns(deps.db, query.page, query.limit);
  return {
    items: items.map((r): CleanupRun => ({
      id: r.id,
      kind: r.kind,
      months: r.kind === 'without-role' ? null : (r.criteria.months ?? null),
      count: r.count,
      createdBy: r.created_by,
      createdAt: iso(r.created_at) ?? '',
      restoredAt: iso(r.restored_at),
      restoredBy: r.restored_by,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Brings a run's people back with their roles (those still removed by it and not merged). */
export async function restoreRun(deps: Deps, auth: AuthContext, runId: number) {
  return deps.db.transaction(async (tx) => {
    const result = await repo.restoreRun(tx, runId, auth.user.jwlId);
    if (!result.found) throw notFound('The cleanup run (or one not yet restored)');
    // The restored hold their roles again: each must be one the restorer could grant (0015).
    const grants = await grantsFor(tx, auth);
    const targets = await loadGrantTargets(tx, result.ids);
    for (const target of targets.values()) grants.assertIdentity(target);
    await auditMany(tx, auth, [
      {
        action: 'data_cleanup.restored',
        entityType: 'data_cleanup',
        entityId: runId,
        changes: { restored: result.ids.length },
      },
      ...result.ids.map((id) => ({
        action: 'user.restored',
        entityType: 'user',
        entityId: id,
        changes: { cleanup: runId },
      })),
    ]);
    return { restored: result.ids.length, skipped: result.total - result.ids.length };
  });
}
