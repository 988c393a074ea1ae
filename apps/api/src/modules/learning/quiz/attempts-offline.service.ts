import type { Db } from '@lantern/db/client';
import { quizSettingsSchema, type FinishResult, type ResponseInput } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { loadSubmitContext } from '../learner-policy/public';
import { findAttempt, findAttemptByClientId } from './quiz-attempts.repository';
import { saveResponses } from './quiz-attempts-write.repository';
import { readLearnerSession, startRefusal, whenText } from './attempts-session.service';
import { finishInTx, finishResult } from './attempts-finish.service';
import { checkResponses } from './attempts-save.service';
import { insertAttempt } from './attempts.service';

/** After the close, an offline attempt may still arrive for this long (0020 §3.7). */
export const QUIZ_OFFLINE_GRACE_DAYS = 7;

// ---------------------------------------------------------------- offline (0020 §3.7)

export type OfflineAttempt = {
  itemId: number;
  studentId: number;
  clientId: string;
  clientStartedAt: Date;
  clientFinishedAt: Date;
  responses: ResponseInput[];
};

/**
 * A whole attempt made on a device without a link, for a quiz "allowed offline": accepted when
 * both device times fall in the learner's window and it arrives within 7 days of the close;
 * else 409 QUIZ_CLOSED. A resend (same clientId) answers the stored attempt. The outbox issue's
 * route calls this after its own checks (who may submit).
 */
export async function applyOfflineAttempt(
  db: Db,
  auth: AuthContext,
  input: OfflineAttempt,
  now: Date = new Date(),
): Promise<FinishResult> {
  const again = await findAttemptByClientId(db, input.clientId);
  if (again) {
    if (again.student_id !== input.studentId)
      throw new AppError(409, 'CONFLICT', 'This attempt id is in use.');
    return finishResult(db, again);
  }
  const context = await loadSubmitContext(db, auth, input.itemId, input.clientFinishedAt);
  if (context.kind !== 'quiz') throw notFound('The quiz');
  const read = await readLearnerSession(db, input.itemId, input.studentId, context.classId, {
    clientId: input.clientId,
    settings: quizSettingsSchema.parse(context.settings),
  });
  const s = read.session;
  const closedRefusal = () =>
    new AppError(
      409,
      'QUIZ_CLOSED',
      s.closesAt
        ? `This quiz closed on ${whenText(s.closesAt)}: answers made offline count only before then.`
        : 'This quiz cannot be answered offline.',
    );
  if (!s.allowedOffline) throw closedRefusal();
  const within = (d: Date) => (!s.opensAt || d >= s.opensAt) && (!s.closesAt || d <= s.closesAt);
  if (
    !within(input.clientStartedAt) ||
    !within(input.clientFinishedAt) ||
    input.clientFinishedAt < input.clientStartedAt
  )
    throw closedRefusal();
  if (s.closesAt && now.getTime() > s.closesAt.getTime() + QUIZ_OFFLINE_GRACE_DAYS * 86_400_000)
    throw closedRefusal();
  if (s.attemptsAllowed !== null && read.used >= s.attemptsAllowed)
    throw startRefusal(s, read.used, new Date(0)) ?? closedRefusal();
  const a = await insertAttempt(
    db,
    context,
    s,
    input.studentId,
    input.clientId,
    { startedAt: input.clientStartedAt },
    read.versions,
  );
  if (!a) throw new AppError(409, 'CONFLICT', 'Another attempt is in progress on this quiz.');
  const id = Number(a.id);
  const responses = await checkResponses(db, a, input.responses, input.studentId);
  await db.transaction(async (tx) => {
    if (responses.length > 0) await saveResponses(tx, id, 1, responses);
    await finishInTx(tx, id, 'sync', { finishedAt: input.clientFinishedAt });
  });
  const done = await findAttempt(db, id);
  if (!done) throw notFound('The attempt');
  return finishResult(db, done);
}
