import type { Db } from '@lantern/db/client';
import type { MarksInput, StaffAttempt } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { applyGradeEvent, findGrade } from '../teaching/public';
import { assertMayGrade } from '../teaching/public';
import { findSubmission } from '../teaching/public';
import { scoreResponse } from './scoring';
import { learnerView } from './responses';
import { layoutQuestions, questionOf, responseValue, responsesOf } from './attempt-store';
import {
  findAttempt,
  findAttemptIdOfSubmission,
  findFinishedAttemptsAnyOrder,
  findLateAttempt,
  type AttemptRow,
} from './quiz-attempts.repository';
import {
  findAttemptInReach,
  findSessionLearners,
  findSessionsToRelease,
  saveEssayMark,
  setManualPoints,
  stampReleased,
} from './quiz-grading.repository';
import { finishInTx, finishOverdue } from './attempts-finish.service';
import { iso, num, round2, summaryOf } from './attempts-session.service';
import { gradeContext, marked, methodGrade, regrade } from './quiz-grade';

// Quiz grading by staff (decision 0020 §3.5): essays are marked by a person on the grade page,
// which saves a draft grade; closed sessions are released; results and reviews are read
// (grading-results, grading-review). The learner's grade itself is computed in `quiz-grade`.

/**
 * The `quiz-release` step: sessions whose marks wait for the close (or are never reviewed) and
 * whose close has passed get their machine grades now, and `released_at` stamped.
 */
export async function releaseClosed(db: Db): Promise<number> {
  const due = await findSessionsToRelease(db);
  for (const s of due)
    await db.transaction(async (tx) => {
      if (!(await stampReleased(tx, s.id))) return;
      const learners = await findSessionLearners(tx, s.id);
      for (const l of learners) await regrade(tx, s.item_id, l.student_id);
    });
  return due.length;
}

/** The `quiz-overdue` job's run: overdue attempts finished, closed sessions released. */
export async function quizSweep(db: Db): Promise<void> {
  await finishOverdue(db);
  await releaseClosed(db);
}

// ---------------------------------------------------------------- staff views

type StaffContext = {
  attempt: AttemptRow;
  student: { id: number; name: string };
  inGradingScope: boolean;
  delivery: 'online' | 'onsite';
  title: string;
};

/** A finished or running attempt of a learner in the caller's reach, else 404. */
async function attemptInReach(db: Db, auth: AuthContext, attemptId: number): Promise<StaffContext> {
  await finishOverdueOne(db, attemptId);
  const r = await findAttemptInReach(db, auth, attemptId);
  const a = r ? await findAttempt(db, attemptId) : null;
  if (!r || !a) throw notFound('The attempt');
  return {
    attempt: a,
    student: { id: a.student_id, name: `${r.first_name} ${r.last_name}` },
    inGradingScope: r.in_grading_scope,
    delivery: r.delivery ?? 'online',
    title: r.title,
  };
}

async function finishOverdueOne(db: Db, attemptId: number) {
  const late = await findLateAttempt(db, attemptId);
  if (late) await db.transaction((tx) => finishInTx(tx, attemptId, 'timeout'));
}

async function staffView(db: Db, ctx: StaffContext): Promise<StaffAttempt> {
  const a = ctx.attempt;
  const questions = await layoutQuestions(db, a.layout);
  const responses = await responsesOf(db, Number(a.id));
  const c = await gradeContext(db, a.item_id, a.session_id);
  const maxPoints = Number(c?.max_points ?? 0);
  const all = await findFinishedAttemptsAnyOrder(db, a.item_id, a.student_id);
  const method = c ? methodGrade(c.grading_method, marked(all)) : null;
  const complete = all.every((x) => x.total_points !== null);
  return {
    attempt: {
      ...summaryOf(a, true, true, maxPoints),
      autoPoints: num(a.auto_points),
      manualPoints: num(a.manual_points),
      totalPoints: num(a.total_points),
      submissionId: num(a.submission_id),
    },
    student: ctx.student,
    itemId: a.item_id,
    title: ctx.title,
    sessionId: a.session_id,
    gradingMethod: c?.grading_method ?? 'highest',
    maxPoints,
    methodPoints: complete && method ? method.points : null,
    questions: a.layout.map((l) => {
      const q = questionOf(questions, l);
      const r = responses.get(l.slot);
      const value = responseValue(r);
      const s = scoreResponse(q, value);
      const autoFraction = num(r?.auto_fraction ?? null);
      const manual = num(r?.manual_points ?? null);
      const awarded =
        q.kind === 'essay'
          ? (manual ?? (s.state === 'unanswered' && a.status === 'finished' ? 0 : null))
          : a.status === 'finished'
            ? round2((autoFraction ?? 0) * l.points)
            : null;
      return {
        slot: l.slot,
        number: l.slot + 1,
        page: l.page,
        points: l.points,
        prompt: q.prompt,
        view: learnerView(q, l.choiceOrder),
        response: value,
        flagged: r?.flagged ?? false,
        savedAt: r ? iso(r.saved_at) : null,
        kind: q.kind,
        questionId: q.id,
        questionVersion: q.version,
        title: q.title,
        data: q.data,
        generalFeedback: q.generalFeedback,
        autoFraction,
        manualPoints: manual,
        awardedPoints: awarded,
        state: q.kind === 'essay' && manual !== null ? 'correct' : s.state,
        feedback: s.feedback,
        comment: r?.comment ?? null,
        gradedAt: r ? iso(r.graded_at) : null,
        fileUrl: null,
        problem: s.problem,
      };
    }),
  };
}

export async function getStaffAttempt(deps: Deps, auth: AuthContext, attemptId: number) {
  return staffView(deps.db, await attemptInReach(deps.db, auth, attemptId));
}

/** The grade page's quiz part: the attempt handed in as this submission. */
export async function getSubmissionQuiz(deps: Deps, auth: AuthContext, submissionId: number) {
  const s = await findSubmission(deps.db, auth, submissionId);
  if (!s || s.kind !== 'quiz') throw notFound('The submission');
  const a = await findAttemptIdOfSubmission(deps.db, submissionId);
  if (!a) throw notFound('The submission');
  return staffView(deps.db, await attemptInReach(deps.db, auth, Number(a.id)));
}

/** Essay marks, and the draft grade the method gives once every attempt's marks are complete. */
export async function saveMarks(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: MarksInput,
): Promise<StaffAttempt> {
  const ctx = await attemptInReach(deps.db, auth, attemptId);
  assertMayGrade(auth, { delivery: ctx.delivery }, ctx.inGradingScope);
  const a = ctx.attempt;
  if (a.status !== 'finished')
    throw new AppError(
      409,
      'CONFLICT',
      'This attempt is still in progress: mark it once it is handed in.',
    );
  const questions = await layoutQuestions(deps.db, a.layout);
  for (const m of input.marks) {
    const l = a.layout[m.slot];
    if (!l || questionOf(questions, l).kind !== 'essay')
      throw invalidFields({
        [`marks.${String(m.slot)}`]: 'Only essay questions are marked by hand.',
      });
    if (m.points > l.points)
      throw invalidFields({ [`marks.${String(m.slot)}`]: `At most ${String(l.points)}` });
  }
  await deps.db.transaction(async (tx) => {
    for (const m of input.marks) await saveEssayMark(tx, attemptId, m, auth.user.jwlId);
    // The attempt's marks: complete once every answered essay has its points.
    const responses = await responsesOf(tx, attemptId);
    let manual = 0;
    let complete = true;
    for (const l of a.layout) {
      const q = questionOf(questions, l);
      if (q.kind !== 'essay') continue;
      const r = responses.get(l.slot);
      const answered = scoreResponse(q, responseValue(r)).state !== 'unanswered';
      const points = num(r?.manual_points ?? null);
      if (points !== null) manual += points;
      else if (answered) complete = false;
    }
    await setManualPoints(tx, attemptId, round2(manual), complete);
    await audit(tx, auth, {
      action: 'quiz_attempt.marked',
      entityType: 'quiz_attempt',
      entityId: attemptId,
      changes: { marks: input.marks },
    });
    const all = await findFinishedAttemptsAnyOrder(tx, a.item_id, a.student_id);
    if (all.some((x) => x.total_points === null)) return;
    const c = await gradeContext(tx, a.item_id, a.session_id);
    const grade = c ? methodGrade(c.grading_method, marked(all)) : null;
    if (!c || !grade) return;
    const current = await findGrade(tx, a.item_id, a.student_id, true);
    if (current?.isPublished)
      throw new AppError(
        409,
        'GRADE_PUBLISHED',
        'This grade is already published: change it with the grade panel’s override.',
      );
    await applyGradeEvent(tx, {
      action: 'save',
      itemId: a.item_id,
      studentId: a.student_id,
      courseId: c.course_id,
      expectedVersion: input.gradeVersion ?? current?.version ?? 0,
      values: {
        submissionId: grade.submissionId,
        outcome: 'graded',
        points: Math.min(grade.points, Number(c.max_points)),
        comment: current?.comment ?? null,
        rubricScores: null,
      },
      maxPoints: Number(c.max_points),
      weight: num(c.weight),
      itemVersion: c.version,
      gradingSchemaId: c.grading_schema_id,
      gradingSchemaVersion: c.grading_schema_version,
      actorId: auth.user.jwlId,
      impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
    });
  });
  return staffView(deps.db, await attemptInReach(deps.db, auth, attemptId));
}
