import type { Db } from '@lantern/db/client';
import type { LearnerSession } from './attempt-store';
import type { AttemptRow } from './quiz-attempts.repository';
import { findAttemptSession } from './quiz-learner.repository';

/** The session an attempt was made in, with its learner's override, for the review rules. */
export async function learnerSessionOf(
  db: Db,
  a: AttemptRow,
): Promise<{ session: LearnerSession; unitStatus: string; now: Date }> {
  const s = await findAttemptSession(db, a);
  if (!s) throw new Error('the session of an attempt is missing');
  const d = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    session: {
      id: s.id,
      classId: s.class_id,
      opensAt: d(s.opens_at),
      closesAt: d(s.closes_at),
      timeLimitSeconds: s.time_limit_seconds,
      attemptsAllowed: s.attempts_allowed,
      gradingMethod: s.grading_method,
      review: s.review,
      allowedOffline: s.allowed_offline,
      releasedAt: d(s.released_at),
    },
    unitStatus: s.unit_status,
    now: new Date(s.now),
  };
}
