import { rightLabel } from '@lantern/contracts/labels';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { answerPathOf } from '@lantern/contracts/learning-kinds';
import type { Grade, GradeInput, Rubric, TaskPublishResult } from '@lantern/contracts/teaching';
import { rubricSchema } from '@lantern/contracts/teaching';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { courseOfItem } from '../../../lib/learning-scope';
import { createNotifications } from '../../../lib/notifications';
import { applyGradeEvent, findGrade, GradeChanged, type GradeRow } from './grade-events';
import { assertMayGrade, whyNotGrade } from './responsibility';
import * as repo from './teaching.repository';
import { findClassDrafts, findGradingClass, rewriteGradeComment } from './grading.repository';

// Grading a submission: a draft grade or a return (save), publishing it, publishing a task's
// drafts for a class, and changing a published grade (override, SUBMISSION__EDIT with a reason).
// Every write goes through applyGradeEvent in one transaction with its notification.

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export const PUBLISHED_SENTENCE = `This grade is published. Only a holder of the right “${rightLabel('SUBMISSION__EDIT')}” can change it, with a reason.`;

export function gradeOut(g: GradeRow, gradedByName: string | null): Grade {
  return {
    outcome: g.outcome,
    points: g.points,
    comment: g.comment,
    rubricScores: g.rubricScores,
    isPublished: g.isPublished,
    maxPoints: g.maxPoints,
    submissionId: g.submissionId,
    gradedBy: gradedByName,
    gradedAt: g.gradedAt,
    publishedAt: g.publishedAt,
    version: g.version,
  };
}

/** "14:02" on the day, else "3 Nov 14:02" (UTC, as the server's other sentences). */
export function when(iso: string): string {
  const d = new Date(iso);
  const time = d.toISOString().slice(11, 16);
  if (d.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10)) return time;
  const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  return `${String(d.getUTCDate())} ${month} ${time}`;
}

const pts = (p: number | null) => (p === null ? 'nothing' : String(p));

/** The sentence of GRADE_CHANGED: who set what, when, and that yours was not saved. */
export async function changedSentence(
  db: Db,
  current: GradeRow | null,
  yours: number | null,
): Promise<string> {
  if (!current) return `This grade was removed meanwhile; yours (${pts(yours)}) was not saved.`;
  const name = await repo.userName(db, current.gradedBy);
  const what =
    current.outcome === 'returned'
      ? 'returned this for rework'
      : `set this to ${pts(current.points)}`;
  return `${name} ${what} at ${when(current.gradedAt)}; yours (${pts(yours)}) was not saved.`;
}

/** Rethrows a GRADE_CHANGED with the sentence that names the other grader. */
export async function withChangedSentence<T>(
  db: Db,
  yours: number | null,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GradeChanged)
      throw new GradeChanged(
        error.currentGrade,
        await changedSentence(db, error.currentGrade, yours),
      );
    throw error;
  }
}

export const workLink = (kind: ItemKind, itemId: number, submissionId: number) =>
  `/en/${answerPathOf(kind, itemId) ?? `submit_text/${String(itemId)}`}?submission=${String(submissionId)}`;

/**
 * The learner's grade-comment notification of a published grade with a comment: one per
 * attempt and learner (the unique index); a later published change rewrites it and marks it
 * unread. In the caller's transaction.
 */
export async function notifyGradeComment(
  tx: Db,
  grade: GradeRow,
  task: { title: string; kind: ItemKind },
): Promise<void> {
  if (!grade.isPublished || !grade.comment || grade.submissionId === null) return;
  const title =
    grade.outcome === 'returned'
      ? `Your work on “${task.title}” was returned with a comment`
      : `New comment on your work: ${task.title}`;
  const body = grade.comment.length > 500 ? `${grade.comment.slice(0, 499)}…` : grade.comment;
  const link = workLink(task.kind, grade.itemId, grade.submissionId);
  const rewritten = await rewriteGradeComment(tx, {
    title,
    body,
    link,
    itemId: grade.itemId,
    submissionId: grade.submissionId,
    studentId: grade.studentId,
  });
  if (rewritten) return;
  await createNotifications(tx, {
    type: 'grade_comment',
    userIds: [grade.studentId],
    title,
    body,
    link,
    submissionId: grade.submissionId,
    taskId: grade.itemId,
  });
}

type Task = {
  itemId: number;
  courseId: number;
  kind: ItemKind;
  title: string;
  delivery: 'online' | 'onsite';
  maxPoints: number;
  weight: number | null;
  grading: 'points' | 'rubric';
  rubric: Rubric | null;
  itemVersion: number;
  gradingSchemaId: number | null;
  gradingSchemaVersion: number | null;
};

const taskOf = (s: repo.SubmissionRow): Task => {
  const rubric = rubricSchema.safeParse(s.rubric);
  return {
    itemId: s.item_id,
    courseId: s.course_id,
    kind: s.kind,
    title: s.item_title,
    delivery: s.delivery ?? 'online',
    maxPoints: Number(s.max_points ?? 0),
    weight: num(s.weight),
    grading: s.grading ?? 'points',
    rubric: rubric.success ? rubric.data : null,
    itemVersion: s.item_version,
    gradingSchemaId: s.grading_schema_id,
    gradingSchemaVersion: s.grading_schema_version,
  };
};

/** The points a grade input gives, checked against the task (400 with the field otherwise). */
export function pointsOf(task: Task, input: GradeInput): number | null {
  if (task.grading === 'rubric' && task.rubric && input.rubricScores) {
    let sum = 0;
    for (const criterion of task.rubric) {
      const levelId = input.rubricScores[criterion.id];
      const level = criterion.levels.find((l) => l.id === levelId);
      if (!level)
        throw badRequest(`Choose a level for “${criterion.title}”.`, {
          rubricScores: `Choose a level for “${criterion.title}”.`,
        });
      sum += level.points;
    }
    return Math.min(Math.round(sum * 100) / 100, task.maxPoints);
  }
  const points = input.points ?? null;
  if (points !== null && points > task.maxPoints)
    throw badRequest(`At most ${String(task.maxPoints)} points.`, {
      points: `At most ${String(task.maxPoints)}`,
    });
  if (input.outcome === 'graded' && points === null)
    throw badRequest('Enter the points, or return the work for rework.', {
      points: 'Enter the points',
    });
  return points;
}

async function loadForGrading(deps: Deps, auth: AuthContext, submissionId: number) {
  const s = await repo.findSubmission(deps.db, auth, submissionId);
  if (!s) throw notFound('The submission');
  const task = taskOf(s);
  assertMayGrade(auth, task, s.in_grading_scope);
  return { s, task };
}

/** Saves a draft grade or a return; on a published grade, an override (SUBMISSION__EDIT). */
export async function saveGrade(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
  input: GradeInput,
): Promise<Grade> {
  const { s, task } = await loadForGrading(deps, auth, submissionId);
  if (!s.is_latest)
    throw new AppError(
      409,
      'STALE_VERSION',
      'A newer attempt was handed in after this one: grade that attempt.',
    );
  const points = pointsOf(task, input);
  const after = await withChangedSentence(deps.db, points, () =>
    deps.db.transaction(async (tx) => {
      const current = await findGrade(tx, task.itemId, s.student_id, true);
      const override = current?.isPublished === true;
      if (override) {
        if (!auth.rights.has('SUBMISSION__EDIT'))
          throw new AppError(409, 'GRADE_PUBLISHED', PUBLISHED_SENTENCE);
        if (!input.reason)
          throw badRequest('Say why the published grade changes.', {
            reason: 'Say why the published grade changes',
          });
      }
      const { after: saved } = await applyGradeEvent(tx, {
        action: override ? 'override' : 'save',
        itemId: task.itemId,
        studentId: s.student_id,
        courseId: task.courseId,
        expectedVersion: input.version,
        values: {
          submissionId,
          outcome: input.outcome,
          points,
          comment: input.comment ? input.comment : null,
          rubricScores: task.grading === 'rubric' ? (input.rubricScores ?? null) : null,
        },
        maxPoints: task.maxPoints,
        weight: task.weight,
        itemVersion: task.itemVersion,
        gradingSchemaId: task.gradingSchemaId,
        gradingSchemaVersion: task.gradingSchemaVersion,
        actorId: auth.user.jwlId,
        impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
        reason: override ? (input.reason ?? null) : null,
      });
      if (override) await notifyGradeComment(tx, saved, task);
      return saved;
    }),
  );
  return gradeOut(after, await repo.userName(deps.db, after.gradedBy));
}

/** Publishes the submission's draft grade; its comment becomes the learner's notification. */
export async function publishGrade(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
  version: number,
): Promise<Grade> {
  const { s, task } = await loadForGrading(deps, auth, submissionId);
  const after = await withChangedSentence(deps.db, null, () =>
    deps.db.transaction(async (tx) => {
      const current = await findGrade(tx, task.itemId, s.student_id, true);
      if (!current || current.submissionId !== submissionId)
        throw new AppError(409, 'CONFLICT', 'This attempt has no grade to publish yet.');
      if (current.isPublished)
        throw new AppError(409, 'GRADE_PUBLISHED', 'This grade is already published.');
      const { after: saved } = await applyGradeEvent(tx, {
        action: 'publish',
        itemId: task.itemId,
        studentId: s.student_id,
        courseId: task.courseId,
        expectedVersion: version,
        maxPoints: task.maxPoints,
        weight: task.weight,
        itemVersion: task.itemVersion,
        gradingSchemaId: task.gradingSchemaId,
        gradingSchemaVersion: task.gradingSchemaVersion,
        actorId: auth.user.jwlId,
        impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
      });
      await notifyGradeComment(tx, saved, task);
      return saved;
    }),
  );
  return gradeOut(after, await repo.userName(deps.db, after.gradedBy));
}

/**
 * Publishes every draft grade of a task for the learners of a class the caller may grade; the
 * others are skipped with the reason. One transaction: all or nothing is written.
 */
export async function publishTaskForClass(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  classId: number,
): Promise<TaskPublishResult> {
  const courseId = await courseOfItem(deps.db, itemId);
  const [task] = (await repo.findTasks(deps.db, courseId)).filter((t) => t.id === itemId);
  if (!task) throw notFound('The task');
  const klass = await findGradingClass(deps.db, auth, courseId, classId);
  if (!klass) throw notFound('The class');
  const drafts = await findClassDrafts(deps.db, auth, itemId, courseId, classId);
  const graded = {
    itemId,
    courseId,
    kind: task.kind,
    title: task.title,
    delivery: task.delivery,
  };
  // Responsibility is the task's: without it nothing is published (403); the grading scope is
  // each learner's, so those out of it are skipped with the reason.
  assertMayGrade(auth, graded, true);
  const skipped: TaskPublishResult['skipped'] = [];
  let published = 0;
  await deps.db.transaction(async (tx) => {
    for (const d of drafts) {
      const why = whyNotGrade(auth, graded, d.in_grading_scope);
      if (why !== null) {
        skipped.push({ studentId: d.student_id, reason: why });
        continue;
      }
      const { after } = await applyGradeEvent(tx, {
        action: 'publish',
        itemId,
        studentId: d.student_id,
        courseId,
        expectedVersion: d.version,
        maxPoints: Number(task.max_points),
        weight: num(task.weight),
        itemVersion: task.version,
        gradingSchemaId: klass.grading_schema_id,
        gradingSchemaVersion: klass.schema_version,
        actorId: auth.user.jwlId,
        impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
      });
      await notifyGradeComment(tx, after, graded);
      published += 1;
    }
  });
  return { published, skipped };
}
