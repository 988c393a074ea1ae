import type { Db } from '@lantern/db/client';
import type { LayoutSlot } from '@lantern/db/schema/quiz';
import type { QuizResponse } from '@lantern/contracts/quiz';
import { questionVersions, versionKey, type QuestionVersion } from './questions.cache';
import { findResponses, type ResponseRow } from './quiz-attempts.repository';
import type { ReviewRule } from './review-rule';

/**
 * The attempt store: quiz attempts and their responses as the services read them, and the
 * learner's session as the attempts read it. Starting and finishing (`attempts.service`),
 * grading (`quiz-grade`, `grading.service`), reviews and analysis all read attempts through it
 * and `quiz-attempts.repository`, so none of them imports another for its rows.
 */

export type LearnerSession = {
  id: number;
  classId: number | null;
  opensAt: Date | null;
  /** The learner's close: an override's later close, else the session's. */
  closesAt: Date | null;
  timeLimitSeconds: number | null;
  attemptsAllowed: number | null;
  gradingMethod: 'highest' | 'last' | 'average';
  review: { marks: ReviewRule; answers: ReviewRule };
  allowedOffline: boolean;
  releasedAt: Date | null;
};

export async function responsesOf(db: Db, attemptId: number): Promise<Map<number, ResponseRow>> {
  const list = await findResponses(db, attemptId);
  return new Map(list.map((r) => [r.slot, r]));
}
export async function layoutQuestions(db: Db, layout: LayoutSlot[]) {
  return questionVersions(
    db,
    layout.map((l) => ({ id: l.questionId, version: l.questionVersion })),
  );
}

export function questionOf(questions: ReadonlyMap<string, QuestionVersion>, l: LayoutSlot) {
  const q = questions.get(versionKey(l.questionId, l.questionVersion));
  if (!q) throw new Error(`question ${String(l.questionId)} v${String(l.questionVersion)} missing`);
  return q;
}

/** The response as stored, with an essay's file folded in. */
export const responseValue = (r: ResponseRow | undefined): QuizResponse | null => {
  if (!r || r.response === null) return null;
  if (r.file_id !== null) return { ...r.response, fileId: r.file_id };
  return r.response;
};
