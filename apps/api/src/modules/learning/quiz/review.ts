import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';
import type { AttemptRow, LearnerSession } from './attempt-store';

/** The session an attempt was made in, with its learner's override, for the review rules. */
export async function learnerSessionOf(
  db: Db,
  a: AttemptRow,
): Promise<{ session: LearnerSession; unitStatus: string; now: Date }> {
  const [s] = await rows<{
    id: number;
    class_id: number | null;
    opens_at: Date | string | null;
    closes_at: Date | string | null;
    time_limit_seconds: number | null;
    attempts_allowed: number | null;
    grading_method: LearnerSession['gradingMethod'];
    review: LearnerSession['review'];
    allowed_offline: boolean;
    released_at: Date | string | null;
    unit_status: string;
    now: Date | string;
  }>(
    db,
    sql`select s.id, s.class_id, s.opens_at, coalesce(o.closes_at, s.closes_at) as closes_at,
          s.time_limit_seconds, s.attempts_allowed, s.grading_method, s.review, s.allowed_offline,
          s.released_at, u.status as unit_status, now() as now
        from quiz_sessions s join learning_items i on i.id = s.item_id
        join learning_units u on u.id = i.unit_id
        left join quiz_overrides o on o.session_id = s.id and o.student_id = ${a.student_id}
        where s.id = ${a.session_id}`,
  );
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
