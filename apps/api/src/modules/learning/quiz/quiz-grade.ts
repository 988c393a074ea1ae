import type { Db } from '@lantern/db/client';
import type { GradingMethod } from '@lantern/contracts/quiz';
import { applyAutoGrade } from '../teaching/public';
import { findFinishedAttempts, type AttemptRow } from './quiz-attempts.repository';
import { findGradeContext } from './quiz-learner.repository';

// A learner's quiz grade (decision 0020 §3.5): the grading method over their finished attempts
// whose marks are complete; machine grades only through applyAutoGrade, and only when no essay
// is involved and the marks may be shown (right after the attempt, or once released after the
// close). Finishing an attempt and releasing a session both call `regrade`.

const num = (v: string | number | null) => (v === null ? null : Number(v));
const round2 = (x: number) => Math.round(x * 100) / 100;

type Marked = { total: number; submissionId: number; finishedAt: number };

/**
 * The quiz grade by the method over finished attempts with complete marks, and the submission
 * it stands on (the best for `highest`, the last otherwise); null without any.
 */
export function methodGrade(
  method: GradingMethod,
  attempts: readonly Marked[],
): { points: number; submissionId: number } | null {
  if (attempts.length === 0) return null;
  const byTime = [...attempts].sort((a, b) => a.finishedAt - b.finishedAt);
  const last = byTime[byTime.length - 1] as Marked;
  if (method === 'last') return { points: last.total, submissionId: last.submissionId };
  if (method === 'average')
    return {
      points: round2(attempts.reduce((s, a) => s + a.total, 0) / attempts.length),
      submissionId: last.submissionId,
    };
  const best = byTime.reduce((b, a) => (a.total >= b.total ? a : b));
  return { points: best.total, submissionId: best.submissionId };
}

export async function gradeContext(db: Db, itemId: number, sessionId: number) {
  return (await findGradeContext(db, itemId, sessionId)) ?? null;
}

export function marked(list: AttemptRow[]): Marked[] {
  return list.flatMap((a) =>
    a.status === 'finished' && a.total_points !== null && a.submission_id !== null
      ? [
          {
            total: Number(a.total_points),
            submissionId: Number(a.submission_id),
            finishedAt: new Date(a.finished_at ?? 0).getTime(),
          },
        ]
      : [],
  );
}

/**
 * Recomputes a learner's quiz grade after a finish or a release: the machine's grade when no
 * essay is involved and the marks may be shown; a person's grade is never replaced (0019's rule:
 * the grading queue shows the new attempt instead).
 */
export async function regrade(tx: Db, itemId: number, studentId: number): Promise<void> {
  const attempts = await findFinishedAttempts(tx, itemId, studentId);
  const latest = attempts[attempts.length - 1];
  if (!latest) return;
  if (attempts.some((a) => a.needs_manual)) return;
  const c = await gradeContext(tx, itemId, latest.session_id);
  if (!c) return;
  const publish = c.review.marks === 'immediately' || c.released_at !== null;
  if (!publish) return;
  const grade = methodGrade(c.grading_method, marked(attempts));
  if (!grade) return;
  await applyAutoGrade(tx, {
    itemId,
    studentId,
    courseId: c.course_id,
    submissionId: grade.submissionId,
    points: Math.min(grade.points, Number(c.max_points)),
    maxPoints: Number(c.max_points),
    weight: num(c.weight),
    itemVersion: c.version,
    gradingSchemaId: c.grading_schema_id,
    gradingSchemaVersion: c.grading_schema_version,
  });
}
