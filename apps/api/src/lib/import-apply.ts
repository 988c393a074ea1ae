import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { audit, type AuditEntry } from './audit';
import {
  markApplied,
  stageRows,
  stagedRows,
  withImportRun,
  type ImportProblem,
} from './import-pipeline';

/**
 * A clean file applied in bounded steps (decision 0022, as built: imports in steps), for every
 * import that writes: a run of its own (one at a time per programme and per person, 409
 * otherwise) → `plan` outside any transaction, in bounded statements → what it writes staged
 * under the run in short transactions → one final transaction in which `apply` writes what was
 * staged, the run is marked applied and the audit row written. A failure or a crash anywhere
 * leaves nothing of the file visible; a plan or an `apply` that finds problems writes nothing
 * (`apply` must not write before it knows). Kept apart from the run's steps, which it calls
 * through their module, so that the crash tests can cut each step off.
 */
export async function applyInSteps<R extends { dryRun: boolean; problems: ImportProblem[] }, S>(
  db: Db,
  auth: AuthContext,
  input: {
    kind: string;
    programmeId: number;
    sha256: string;
    plan: () => Promise<{ report: R; staged: readonly S[] }>;
    apply: (tx: Db, staged: S[], planned: R) => Promise<{ report: R; audit: AuditEntry | null }>;
  },
): Promise<R> {
  const { kind, programmeId, sha256 } = input;
  const done = await withImportRun(db, auth, { kind, programmeId, sha256 }, async (run) => {
    const planned = await input.plan();
    if (planned.report.problems.length > 0) return planned.report;
    await stageRows(db, run, planned.staged);
    return db.transaction(async (tx) => {
      const result = await input.apply(tx, await stagedRows<S>(tx, run), planned.report);
      if (result.report.problems.length > 0) return result.report;
      await markApplied(tx, run);
      if (result.audit) await audit(tx, auth, result.audit);
      return result.report;
    });
  });
  return { ...done, dryRun: done.problems.length > 0 };
}
