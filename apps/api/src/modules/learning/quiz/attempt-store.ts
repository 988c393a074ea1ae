import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { LayoutSlot } from '@lantern/db/schema/quiz';
import type { FinishedBy, QuizResponse } from '@lantern/contracts/quiz';
import { rows } from '../../../lib/sql';
import { questionVersions, versionKey, type QuestionVersion } from './questions.cache';
import type { ReviewRule } from './review-rule';

/**
 * The attempt store: quiz attempts and their responses as stored, and the learner's session as
 * the attempts read it. Starting and finishing (`attempts.service`), grading
 * (`quiz-grade`, `grading.service`), reviews and analysis all read attempts through it, so
 * none of them imports another for its rows.
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

export type AttemptRow = {
  id: string | number;
  client_id: string;
  item_id: number;
  session_id: number;
  student_id: number;
  course_id: number;
  attempt: number;
  status: 'in_progress' | 'finished';
  finished_by: FinishedBy | null;
  layout: LayoutSlot[];
  started_at: Date | string;
  deadline_at: Date | string | null;
  finished_at: Date | string | null;
  last_seq: number;
  current_page: number;
  auto_points: string | number | null;
  manual_points: string | number | null;
  total_points: string | number | null;
  needs_manual: boolean;
  submission_id: string | number | null;
  item_version: number;
};

export async function findAttempt(db: Db, attemptId: number): Promise<AttemptRow | null> {
  const [a] = await rows<AttemptRow>(db, sql`select * from quiz_attempts where id = ${attemptId}`);
  return a ?? null;
}

export type ResponseRow = {
  slot: number;
  response: QuizResponse | null;
  file_id: string | null;
  saved_at: Date | string;
  auto_fraction: string | number | null;
  manual_points: string | number | null;
  comment: string | null;
  graded_at: Date | string | null;
  flagged: boolean;
};

export async function responsesOf(db: Db, attemptId: number): Promise<Map<number, ResponseRow>> {
  const list = await rows<ResponseRow>(
    db,
    sql`select slot, response, file_id::text, saved_at, auto_fraction, manual_points, comment, graded_at, flagged
        from quiz_responses where attempt_id = ${attemptId}`,
  );
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
