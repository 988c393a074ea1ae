import type { Db } from '@lantern/db/client';
import type { FinishResult, FinishedBy } from '@lantern/contracts/quiz';
import { invalidFields } from '../../../lib/errors';
import { recordCompletion } from '../work/public';
import { scoreResponse } from './scoring';
import { layoutQuestions, questionOf, responseValue, responsesOf } from './attempt-store';
import { findAttempt, findOverdueAttempts, type AttemptRow } from './quiz-attempts.repository';
import {
  insertAttemptSubmission,
  lockAttemptWithDue,
  markAttemptFinished,
  setAutoFractions,
} from './quiz-attempts-write.repository';
import { findSessionClass } from './quiz-learner.repository';
import { regrade } from './quiz-grade';
import { reviewShown } from './review-rule';
import { GRACE_SECONDS } from './sessions.service';
import {
  isOverdue,
  itemInfo,
  num,
  readLearnerSession,
  round2,
  summaryOf,
  windowClosed,
} from './attempts-session.service';

// Finishing attempts (decision 0020 §3.4): the submission row, completion and the machine grade
// in one transaction, idempotent; and the overdue finishing (job and lazily).

/** Finishes the attempt as time ran out if it is past its deadline and grace; answers it fresh. */
export async function settleOverdue(db: Db, a: AttemptRow): Promise<AttemptRow> {
  if (!isOverdue(a, new Date())) return a;
  await db.transaction((tx) => finishInTx(tx, Number(a.id), 'timeout'));
  return (await findAttempt(db, Number(a.id))) ?? a;
}

export async function finishResult(db: Db, a: AttemptRow): Promise<FinishResult> {
  const item = await itemInfo(db, a.item_id);
  const read = await readLearnerSession(db, a.item_id, a.student_id, await classOf(db, a));
  const closed = windowClosed(read.session, item.unit_status, read.now);
  const marksVisible = reviewShown(read.session.review.marks, closed);
  const answersVisible = reviewShown(read.session.review.answers, closed);
  return {
    ...summaryOf(
      a,
      marksVisible,
      a.status === 'finished' && (marksVisible || answersVisible),
      Number(item.max_points),
    ),
    submissionId: num(a.submission_id),
  };
}

async function classOf(db: Db, a: AttemptRow): Promise<number | null> {
  return findSessionClass(db, a.session_id);
}

/**
 * Finishes an attempt in the caller's transaction: scores it, hands it in as a `submissions`
 * row, records completion and grades by the session's method. Does nothing to a finished one.
 */
export async function finishInTx(
  tx: Db,
  attemptId: number,
  by: FinishedBy,
  options: { checkEssays?: boolean; finishedAt?: Date } = {},
): Promise<boolean> {
  const a = await lockAttemptWithDue(tx, attemptId);
  if (!a || a.status === 'finished') return false;
  const questions = await layoutQuestions(tx, a.layout);
  const responses = await responsesOf(tx, attemptId);
  let auto = 0;
  let needsManual = false;
  const fractions: { slot: number; fraction: number | null }[] = [];
  for (const l of a.layout) {
    const q = questionOf(questions, l);
    const r = responses.get(l.slot);
    const s = scoreResponse(q, responseValue(r));
    if (q.kind === 'essay') {
      if (s.problem && options.checkEssays)
        throw invalidFields({ [`responses.${String(l.slot)}`]: s.problem });
      if (s.state !== 'unanswered') needsManual = true;
      continue;
    }
    if (r) fractions.push({ slot: l.slot, fraction: s.fraction });
    auto += (s.fraction ?? 0) * l.points;
  }
  if (fractions.length > 0) await setAutoFractions(tx, attemptId, fractions);
  const autoPoints = round2(auto);
  const at = options.finishedAt ?? null;
  const sub = await insertAttemptSubmission(tx, a, at);
  if (!sub) throw new Error('the submission of a quiz attempt was not written');
  await markAttemptFinished(tx, attemptId, {
    by,
    at,
    autoPoints,
    needsManual,
    submissionId: Number(sub.id),
  });
  await recordCompletion(tx, {
    studentId: a.student_id,
    itemId: a.item_id,
    source: 'submitted',
    at: new Date(sub.at),
  });
  await regrade(tx, a.item_id, a.student_id);
  return true;
}

// ---------------------------------------------------------------- overdue

/**
 * Finishes attempts past their deadline and its grace (the `quiz-overdue` job, every minute):
 * as `close` when the deadline was the learner's close, else as `timeout`. Answers how many.
 */
export async function finishOverdue(db: Db, limit = 200): Promise<number> {
  const due = await findOverdueAttempts(db, GRACE_SECONDS, limit);
  let n = 0;
  for (const d of due) if (await db.transaction((tx) => finishInTx(tx, Number(d.id), d.by))) n++;
  return n;
}
