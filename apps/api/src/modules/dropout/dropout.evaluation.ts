import type { Db } from '@lantern/db/client';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import {
  hasTerms,
  previewRows,
  tuneForEvaluation,
  writeEvaluation,
  type CriterionInput,
  type EvaluationCounts,
  type PreviewRow,
} from './dropout-evaluation.repository';

// The bench explains the evaluation's statement through these.
export { savedHitsQuery, tuneForEvaluation } from './dropout-evaluation.repository';
export type { CriterionInput, EvaluationCounts, PreviewRow } from './dropout-evaluation.repository';

/**
 * Evaluates a programme's active items in one statement, in the caller's transaction: new flags
 * inserted with their follow-up (one per flag: the unique flag key makes a re-run a no-op) and
 * the notifications of `notify_*` items to the follow-up's assignees (one per flag and person),
 * still-met flags get fresh evidence, flags no longer met (or whose student left, with the state
 * they left in, for the tuning report) are cleared. The `mail_student` items' new flags then
 * queue the programme's published `dropout_flagged` mails, still in the caller's transaction:
 * their outbox ids are answered for the caller to dispatch after the commit.
 */
export async function evaluateProgramme(
  db: Db,
  programmeId: number,
  options: { publicUrl: string },
): Promise<EvaluationCounts & { mailIds: number[] }> {
  await tuneForEvaluation(db);
  const counts = await writeEvaluation(db, programmeId, await hasTerms(db, programmeId));
  const mailFlags = counts?.mail_flags ?? [];
  const mailIds =
    mailFlags.length === 0
      ? []
      : await queueAutomaticMails(
          db,
          { type: 'dropout_flagged', programmeId, flagIds: mailFlags.map(Number) },
          options.publicUrl,
        );
  return {
    flagged: counts?.flagged ?? 0,
    cleared: counts?.cleared ?? 0,
    open: counts?.open ?? 0,
    mailIds,
  };
}

/** Whom an unsaved item would flag now: the count and the first 50 by name, with evidence. */
export async function previewItem(
  db: Db,
  programmeId: number,
  item: CriterionInput,
  termKey = 'all',
): Promise<PreviewRow[]> {
  // Its own transaction, for the settings of tuneForEvaluation.
  return db.transaction(async (tx) => {
    await tuneForEvaluation(tx);
    return previewRows(tx, programmeId, item, termKey, await hasTerms(tx, programmeId));
  });
}
