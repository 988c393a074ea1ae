import type { Db } from '@lantern/db/client';
import { auditMany, type AuditEntry } from '../../../lib/audit';
import type { DataStep } from '../../../lib/data-steps';
import { sanitiseRichText } from '../../../lib/rich-text';
import {
  findFeedbackBatch,
  findVersionFeedbackBatch,
  setFeedback,
  setVersionFeedback,
} from './quiz-questions.repository';

const BATCH = 500;

/**
 * Quiz general feedback was stored as sent until it was sanitised on write like every rich
 * text; this step passes the rows stored before through the same sanitiser, once: the live
 * questions and their immutable versions (the one change a version ever gets, audited per row).
 * It runs before the app listens, so the in-process cache of versions (questions.cache.ts) holds
 * none of the old texts. Clean rows are left as they are, so a second run changes nothing.
 */
export const quizFeedbackSanitised: DataStep = {
  name: '2026-12-quiz-general-feedback-sanitised',
  run: async (tx: Db) => {
    let changed = 0;
    let after = 0;
    for (;;) {
      const batch = await findFeedbackBatch(tx, after, BATCH);
      const entries: AuditEntry[] = [];
      for (const row of batch) {
        const clean = await sanitiseRichText(row.general_feedback, 'generalFeedback');
        if (clean === row.general_feedback) continue;
        await setFeedback(tx, row.id, clean);
        entries.push({
          action: 'question.feedback-sanitised',
          entityType: 'question',
          entityId: row.id,
          changes: { generalFeedback: { from: row.general_feedback, to: clean } },
        });
      }
      await auditMany(tx, null, entries);
      changed += entries.length;
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]?.id ?? after;
    }
    let afterKey = { id: 0, version: 0 };
    for (;;) {
      const batch = await findVersionFeedbackBatch(tx, afterKey, BATCH);
      const entries: AuditEntry[] = [];
      for (const row of batch) {
        const clean = await sanitiseRichText(row.general_feedback, 'generalFeedback');
        if (clean === row.general_feedback) continue;
        await setVersionFeedback(tx, row, clean);
        entries.push({
          action: 'question-version.feedback-sanitised',
          entityType: 'question_version',
          entityId: `${String(row.question_id)}:${String(row.version)}`,
          changes: { generalFeedback: { from: row.general_feedback, to: clean } },
        });
      }
      await auditMany(tx, null, entries);
      changed += entries.length;
      const last = batch[batch.length - 1];
      if (batch.length < BATCH || !last) break;
      afterKey = { id: last.question_id, version: last.version };
    }
    return changed;
  },
};
