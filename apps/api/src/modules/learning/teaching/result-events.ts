import type { CourseResultSource } from '@lantern/contracts/learning-enums';
import { syncCourseResults } from '@lantern/db/bachelor-attempts';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import { creditResultEvents } from '../../bachelor/public';
import {
  deleteAttemptResults,
  deleteCourseResults,
  findAttemptsInForce,
  findEnrolmentStudents,
  findLastResultVersions,
  insertResultEvents,
  lockAttemptResults,
  lockCourseResults,
  resultKeys,
  upsertAttemptResults,
  upsertCourseResults,
  type After,
  type Current,
} from './result-events.repository';

// The one writer of `course_results` (decision 0021): every change of a course result is an
// event of the grade ledger (`subject = 'course_result'`), appended in the caller's transaction
// with the projection. Set-based: the finish page saves up to 20,000 cells at once, so a batch is
// a lock, an upsert, a delete and one insert of events, whatever its size. A bachelor student's
// result is also its attempt's (decision 0022, "results per attempt"): the attempt in force is
// what the action applies to, and `course_results` follows the latest attempt that has a result.

export type ResultAction = 'save' | 'finalise' | 'reopen' | 'change';

export type ResultEntry = {
  enrolmentId: number;
  courseId: number;
  /** save, change: the new score (null clears on save); finalise: the score to make final. */
  score?: number | null;
  /** finalise: where the score comes from (entered on the finish page, or the grade book's). */
  source?: CourseResultSource;
};

export type ResultBatch = {
  action: ResultAction;
  entries: readonly ResultEntry[];
  /** The programme's grading schema at the time: the result's scale and its version. */
  schema: { id: number | null; version: number | null; scaleMax: number };
  actorId: number | null;
  impersonatorId: number | null;
  reason?: string | null;
  requestId?: number | null;
};

// Scores are kept to two decimals, as the ledger's points are, so a replay gives them back.
const round = (v: number) => Math.round(v * 100) / 100;
const key = (e: { enrolmentId: number; courseId: number }) =>
  `${String(e.enrolmentId)}:${String(e.courseId)}`;

/** The sentence of a change refused on a final result. */
export const FINAL_SENTENCE =
  'This result is final since the programme finished; it changes only through a grade-change request.';

/**
 * Applies one action to a batch of course results in the caller's transaction: locks the
 * results, works out each one's next state, writes the projection and appends one event per
 * result that changed. Returns how many changed.
 */
export async function applyResultEvents(tx: Db, batch: ResultBatch): Promise<number> {
  if (batch.entries.length === 0) return 0;
  const wanted = resultKeys(batch.entries);
  const current = await lockCourseResults(tx, wanted);
  // The attempts in force of bachelor students: their result is the attempt's own, which may
  // have none yet while `course_results` still holds an earlier attempt's.
  const attempts = await findAttemptsInForce(tx, wanted);
  const attemptOf = new Map(
    attempts.map((a) => [
      key({ enrolmentId: a.enrolment_id, courseId: a.course_id }),
      a.student_course_id,
    ]),
  );
  const attemptRows = attempts.length === 0 ? [] : await lockAttemptResults(tx, attempts);
  const byKey = new Map(
    current
      .filter((c) => !attemptOf.has(key({ enrolmentId: c.enrolment_id, courseId: c.course_id })))
      .map((c) => [key({ enrolmentId: c.enrolment_id, courseId: c.course_id }), c]),
  );
  for (const a of attemptRows)
    byKey.set(key({ enrolmentId: a.enrolment_id, courseId: a.course_id }), a);
  const people = await findEnrolmentStudents(tx, wanted);
  const studentOf = new Map(people.map((p) => [p.id, p.user_id]));

  const afters: After[] = [];
  const missing: ResultEntry[] = [];
  for (const entry of batch.entries) {
    const before = byKey.get(key(entry));
    const studentId = studentOf.get(entry.enrolmentId);
    if (studentId === undefined) throw new Error(`no enrolment ${String(entry.enrolmentId)}`);
    const oldScore = before ? Number(before.score) : null;
    const next = nextState(batch.action, before, entry);
    if (next === null) continue;
    const unchanged =
      before !== undefined &&
      next.score === oldScore &&
      next.isFinal === before.is_final &&
      next.source === before.source;
    if (unchanged) continue;
    if (!before) missing.push(entry);
    afters.push({
      enrolment_id: entry.enrolmentId,
      student_course_id: attemptOf.get(key(entry)) ?? null,
      course_id: entry.courseId,
      student_id: studentId,
      score: next.score,
      source: next.source,
      is_final: next.isFinal,
      version: (before?.version ?? 0) + 1,
      old_score: oldScore,
      old_final: before ? before.is_final : null,
    });
  }
  if (afters.length === 0) return 0;

  // A result cleared earlier and set again goes on from the version its last event gave it.
  if (missing.length > 0) {
    const last = await findLastResultVersions(tx, afters, wanted);
    const lastOf = new Map(
      last.map((l) => [key({ enrolmentId: l.enrolment_id, courseId: l.course_id }), l]),
    );
    for (const a of afters) {
      const seen = lastOf.get(key({ enrolmentId: a.enrolment_id, courseId: a.course_id }));
      if (seen && !byKey.has(key({ enrolmentId: a.enrolment_id, courseId: a.course_id })))
        a.version = seen.grade_version + 1;
    }
  }

  const kept = afters.filter((a) => a.score !== null);
  // A cleared attempt hands `course_results` back to the attempt before it (synced below).
  const cleared = afters.filter((a) => a.score === null && a.student_course_id === null);
  const attemptsKept = kept.filter((a) => a.student_course_id !== null);
  const attemptsCleared = afters.filter((a) => a.score === null && a.student_course_id !== null);
  if (attemptsKept.length > 0) await upsertAttemptResults(tx, attemptsKept, batch);
  if (attemptsCleared.length > 0) {
    await deleteAttemptResults(tx, attemptsCleared);
    await syncCourseResults(tx, [...new Set(attemptsCleared.map((a) => a.enrolment_id))]);
  }
  if (kept.length > 0) await upsertCourseResults(tx, kept, batch);
  if (cleared.length > 0) await deleteCourseResults(tx, cleared);
  const written = await insertResultEvents(tx, afters, batch);
  // A bachelor student's result that became final, or changed when final, moves their credit
  // ledger in this transaction (decision 0022, "As built: credits").
  await creditResultEvents(tx, written, batch.actorId);
  return afters.length;
}

/** A result's next state under an action; null when the action leaves it as it is. */
function nextState(
  action: ResultAction,
  before: Current | undefined,
  entry: ResultEntry,
): { score: number | null; source: CourseResultSource; isFinal: boolean } | null {
  const score = entry.score === undefined || entry.score === null ? null : round(entry.score);
  switch (action) {
    case 'save':
      if (before?.is_final) throw new AppError(409, 'CONFLICT', FINAL_SENTENCE);
      if (!before && score === null) return null;
      return { score, source: 'entered', isFinal: false };
    case 'change':
      if (!before?.is_final)
        throw new AppError(
          409,
          'CONFLICT',
          'This result is not final yet: change it on the finish page.',
        );
      if (score === null) throw new Error('a result change needs a score');
      return { score, source: before.source, isFinal: true };
    case 'finalise': {
      const final = score ?? (before ? Number(before.score) : null);
      if (final === null) return null;
      return { score: final, source: entry.source ?? before?.source ?? 'entered', isFinal: true };
    }
    case 'reopen':
      if (!before?.is_final) return null;
      return { score: Number(before.score), source: before.source, isFinal: false };
  }
}
