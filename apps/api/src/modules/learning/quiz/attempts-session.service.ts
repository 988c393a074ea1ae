import type { Db } from '@lantern/db/client';
import {
  quizSettingsSchema,
  type AttemptSummary,
  type QuizSettings,
} from '@lantern/contracts/quiz';
import { AppError, notFound } from '../../../lib/errors';
import { dayText } from '../../../lib/dates';
import type { LearnerSession } from './attempt-store';
import type { AttemptRow } from './quiz-attempts.repository';
import { findItemInfo, findLearnerSession, type ItemInfo } from './quiz-learner.repository';
import { GRACE_SECONDS } from './sessions.service';

// What the attempt services share: the learner's session and its refusals, the quiz item, and
// an attempt's summary.

export const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();
export const num = (v: string | number | null) => (v === null ? null : Number(v));
export const round2 = (x: number) => Math.round(x * 100) / 100;

export const timeText = (d: Date) =>
  `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
export const whenText = (d: Date) => `${dayText(d)} at ${timeText(d)} UTC`;

export const IMPERSONATING = () =>
  new AppError(403, 'IMPERSONATING', 'Work can only be handed in by the student themselves.');

// ---------------------------------------------------------------- the learner's session

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** What a start reads with the session: an attempt sent before with its client id, and the
 * current versions of the quiz's banks and fixed questions (one statement for all of it). */
type StartExtras = { clientId: string; settings: QuizSettings };

/** The learner's class session, else the item-wide one, with their override; one read. */
export async function readLearnerSession(
  db: Db,
  itemId: number,
  studentId: number,
  classId: number | null,
  start?: StartExtras,
) {
  const bankIds = start
    ? [...new Set(start.settings.slots.flatMap((x) => (x.type === 'random' ? [x.bankId] : [])))]
    : [];
  const fixedIds = start
    ? start.settings.slots.flatMap((x) => (x.type === 'fixed' ? [x.questionId] : []))
    : [];
  const row = await findLearnerSession(
    db,
    itemId,
    studentId,
    classId,
    start ? { clientId: start.clientId, bankIds, fixedIds } : undefined,
  );
  if (!row) throw notFound('The quiz');
  const session: LearnerSession = {
    id: row.id,
    classId: row.class_id,
    opensAt: toDate(row.opens_at),
    closesAt: toDate(row.o_closes_at ?? row.closes_at),
    timeLimitSeconds:
      row.time_limit_seconds === null ? null : row.time_limit_seconds + (row.extra_seconds ?? 0),
    attemptsAllowed:
      row.attempts_allowed === null ? null : row.attempts_allowed + (row.extra_attempts ?? 0),
    gradingMethod: row.grading_method,
    review: row.review,
    allowedOffline: row.allowed_offline,
    releasedAt: toDate(row.released_at),
  };
  return {
    session,
    used: row.used,
    openId: row.open_id === null ? null : Number(row.open_id),
    againId: row.again_id === null ? null : Number(row.again_id),
    versions: row.versions ?? [],
    now: new Date(row.now),
  };
}

/** Why a new attempt cannot start now, by the session; null when it may. */
export function startRefusal(s: LearnerSession, used: number, now: Date): AppError | null {
  if (s.opensAt && s.opensAt > now)
    return new AppError(409, 'QUIZ_NOT_OPEN', `This quiz opens on ${whenText(s.opensAt)}.`);
  if (s.closesAt && s.closesAt <= now)
    return new AppError(409, 'QUIZ_CLOSED', `This quiz closed on ${whenText(s.closesAt)}.`);
  if (s.attemptsAllowed !== null && used >= s.attemptsAllowed)
    return new AppError(
      409,
      'NO_ATTEMPT_LEFT',
      s.attemptsAllowed === 1
        ? 'This quiz takes one attempt, and it is used.'
        : `You have used all ${String(s.attemptsAllowed)} attempts at this quiz.`,
    );
  return null;
}

export async function itemInfo(
  db: Db,
  itemId: number,
): Promise<ItemInfo & { parsed: QuizSettings }> {
  const i = await findItemInfo(db, itemId);
  if (!i) throw notFound('The quiz');
  return { ...i, parsed: quizSettingsSchema.parse(i.settings) };
}

export function summaryOf(
  a: AttemptRow,
  marksVisible: boolean,
  reviewAvailable: boolean,
  maxPoints: number,
): AttemptSummary {
  return {
    id: Number(a.id),
    attempt: a.attempt,
    status: a.status,
    finishedBy: a.finished_by,
    startedAt: iso(a.started_at) ?? '',
    finishedAt: iso(a.finished_at),
    deadlineAt: iso(a.deadline_at),
    needsManual: a.needs_manual,
    marks:
      marksVisible && a.status === 'finished' ? { points: num(a.total_points), maxPoints } : null,
    reviewAvailable,
  };
}

/** Whether the learner's window has closed (their close passed, or the unit closed). */
export const windowClosed = (s: LearnerSession, unitStatus: string, now: Date) =>
  (s.closesAt !== null && s.closesAt <= now) || unitStatus === 'closed';

export const isOverdue = (a: AttemptRow, now: Date) =>
  a.status === 'in_progress' &&
  a.deadline_at !== null &&
  now.getTime() > new Date(a.deadline_at).getTime() + GRACE_SECONDS * 1000;
