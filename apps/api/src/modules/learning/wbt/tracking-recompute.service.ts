import type { Db } from '@lantern/db/client';
import type { WbtSettings } from '@lantern/contracts/wbt';
import { recordCompletion } from '../work/public';
import { applyAutoGrade } from '../teaching/public';
import { attemptState, scoState, type ScoState } from './summary';
import { attemptSeconds } from './tracking-commits.repository';
import {
  findHandedInAttempts,
  findScoScores,
  findSummaryValues,
  insertHandIn,
  lockAttemptToRecount,
  updateAttemptState,
  upsertScoState,
  type AttemptLock,
} from './tracking-recompute.repository';
import { settingsOf } from './tracking.service';

/**
 * After a commit changed a SCO's summary values or a session time: the SCO states and the
 * attempt from the stored values (so the same whatever the order of arrival), then — when the
 * attempt first counts as complete — its hand-in and progress, and the machine grade.
 */
export async function recompute(tx: Db, attemptId: number, sco: number): Promise<void> {
  const a = await lockAttemptToRecount(tx, attemptId);
  if (!a) return;
  const settings = settingsOf(a.settings);

  const values = await findSummaryValues(tx, attemptId, sco);
  const state = scoState(Object.fromEntries(values.map((v) => [v.name, v.value])));
  const top = values.reduce(
    (m, v) =>
      v.launch_no > m.launch || (v.launch_no === m.launch && v.seq > m.seq)
        ? { launch: v.launch_no, seq: v.seq }
        : m,
    { launch: 0, seq: 0 },
  );
  await upsertScoState(tx, attemptId, sco, state, top);
  const states = await findScoScores(tx, attemptId, a.scos.length);
  const summary = attemptState(
    states.map((s): ScoState => ({
      completion: s.completion,
      success: s.success,
      scoreScaled: s.score_scaled === null ? null : Number(s.score_scaled),
    })),
    a.scos.length,
    settings.completeWhen,
  );
  const total = await attemptSeconds(tx, attemptId);
  const oldScore = a.score_scaled === null ? null : Number(a.score_scaled);
  const unchanged =
    summary.completion === a.completion &&
    summary.success === a.success &&
    summary.scoreScaled === oldScore &&
    total === a.total_seconds;
  if (unchanged) return;

  // Once handed in, an attempt stays complete: a later status never takes the hand-in back.
  const complete = a.submission_id !== null || summary.completion === 'completed';
  let submissionId = a.submission_id === null ? null : Number(a.submission_id);
  if (submissionId === null && complete) {
    const late = a.due_at !== null && Date.now() > new Date(a.due_at).getTime();
    const made = await insertHandIn(tx, a, late);
    if (!made) throw new Error('The hand-in could not be recorded.');
    submissionId = Number(made.id);
    await recordCompletion(tx, {
      studentId: a.student_id,
      itemId: a.item_id,
      source: 'submitted',
    });
  }
  await updateAttemptState(tx, attemptId, {
    complete,
    completion: summary.completion,
    success: summary.success,
    scoreScaled: summary.scoreScaled,
    total,
    submissionId,
  });
  if (submissionId !== null) await grade(tx, a, settings);
}

/** The machine grade: the best completed attempt's score, or full points for completion. */
async function grade(tx: Db, a: AttemptLock, settings: WbtSettings): Promise<void> {
  if (a.max_points === null) return;
  const maxPoints = Number(a.max_points);
  const done = await findHandedInAttempts(tx, a.item_id, a.student_id);
  let best: { submissionId: number; points: number } | null = null;
  if (settings.gradeFrom === 'completion') {
    // An attempt marked done too early (an HTML package) is the teacher's to grade.
    const first = done.find((d) => !d.marked_done_early);
    if (first) best = { submissionId: Number(first.submission_id), points: maxPoints };
  } else {
    for (const d of done) {
      if (d.score_scaled === null) continue;
      const points = Math.round(Number(d.score_scaled) * maxPoints * 100) / 100;
      if (!best || points > best.points) best = { submissionId: Number(d.submission_id), points };
    }
  }
  // No score yet: no grade, so a teacher may grade it from the queue.
  if (!best) return;
  await applyAutoGrade(tx, {
    itemId: a.item_id,
    studentId: a.student_id,
    courseId: a.course_id,
    submissionId: best.submissionId,
    points: best.points,
    maxPoints,
    weight: a.weight === null ? null : Number(a.weight),
    itemVersion: a.item_version,
    gradingSchemaId: a.grading_schema_id,
    gradingSchemaVersion: a.grading_schema_version,
  });
}
