import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import type { AttemptRow } from './quiz-attempts.repository';
import type { SessionRow } from './quiz-sessions.repository';

/** The statements of quiz grading by staff: release, marks, reviews and results. */

/** Sessions whose marks wait for the close (or are never reviewed) and whose close has passed. */
export async function findSessionsToRelease(db: Db): Promise<{ id: number; item_id: number }[]> {
  return rows<{ id: number; item_id: number }>(
    db,
    sql`select id, item_id from quiz_sessions
        where released_at is null and closes_at is not null and closes_at <= now()
          and review->>'marks' <> 'immediately' limit 100`,
  );
}

/** Stamps the session released; false when another run did already. */
export async function stampReleased(tx: Db, sessionId: number): Promise<boolean> {
  const [stamped] = await rows<{ id: number }>(
    tx,
    sql`update quiz_sessions set released_at = now() where id = ${sessionId} and released_at is null returning id`,
  );
  return stamped !== undefined;
}

export async function findSessionLearners(
  tx: Db,
  sessionId: number,
): Promise<{ student_id: number }[]> {
  return rows<{ student_id: number }>(
    tx,
    sql`select distinct student_id from quiz_attempts where session_id = ${sessionId} and status = 'finished'`,
  );
}

/** An attempt of a learner in the caller's reach, with the learner and the item. */
export async function findAttemptInReach(
  db: Db,
  auth: AuthContext,
  attemptId: number,
): Promise<
  | {
      id: string | number;
      first_name: string;
      last_name: string;
      in_grading_scope: boolean;
      delivery: 'online' | 'onsite' | null;
      title: string;
    }
  | undefined
> {
  const [r] = await rows<{
    id: string | number;
    first_name: string;
    last_name: string;
    in_grading_scope: boolean;
    delivery: 'online' | 'onsite' | null;
    title: string;
  }>(
    db,
    sql`select a.id, u.first_name, u.last_name, ${gradingScope('cl', auth)} as in_grading_scope,
          i.delivery, i.title
        from quiz_attempts a join learning_items i on i.id = a.item_id and i.deleted_at is null
        join course_learners cl on cl.course_id = a.course_id and cl.student_id = a.student_id
        join users u on u.jwl_id = a.student_id
        where a.id = ${attemptId} and ${learnerReach('cl', auth)} limit 1`,
  );
  return r;
}

/** An essay's mark and comment by its grader. */
export async function saveEssayMark(
  tx: Db,
  attemptId: number,
  m: { slot: number; points: number; comment?: string | null | undefined },
  graderId: number,
): Promise<void> {
  await tx.execute(
    sql`insert into quiz_responses (attempt_id, slot, response, saved_seq, manual_points, comment, graded_by, graded_at)
            values (${attemptId}, ${m.slot}, null, 0, ${m.points}, ${m.comment ?? null}, ${graderId}, now())
            on conflict (attempt_id, slot) do update set manual_points = excluded.manual_points,
              comment = excluded.comment, graded_by = excluded.graded_by, graded_at = excluded.graded_at`,
  );
}

/** The attempt's manual points, and its total once its marks are complete. */
export async function setManualPoints(
  tx: Db,
  attemptId: number,
  manual: number,
  complete: boolean,
): Promise<void> {
  await tx.execute(
    sql`update quiz_attempts set manual_points = ${manual},
            total_points = ${complete ? sql`auto_points + ${manual}` : sql`null`},
            version = version + 1, updated_at = now()
          where id = ${attemptId}`,
  );
}

export async function findReviewItem(
  db: Db,
  itemId: number,
): Promise<
  { title: string; unit_id: number; course_id: number; max_points: string | number } | undefined
> {
  const [item] = await rows<{
    title: string;
    unit_id: number;
    course_id: number;
    max_points: string | number;
  }>(
    db,
    sql`select title, unit_id, course_id, max_points from learning_items where id = ${itemId}`,
  );
  return item;
}

export async function findResultsSession(
  db: Db,
  sessionId: number,
): Promise<SessionRow | undefined> {
  const [srow] = await rows<SessionRow>(
    db,
    sql`select s.*, k.name as class_name,
          (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'in_progress') as in_progress,
          (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'finished') as finished
        from quiz_sessions s left join classes k on k.id = s.class_id where s.id = ${sessionId}`,
  );
  return srow;
}

/**
 * The session's learners in the caller's reach, the caller left out: its class's, or for the
 * item-wide session those of classes without their own.
 */
export async function findResultsLearners(
  db: Db,
  auth: AuthContext,
  courseId: number,
  srow: Pick<SessionRow, 'item_id' | 'class_id'>,
): Promise<
  { student_id: number; first_name: string; last_name: string; class_name: string | null }[]
> {
  return rows<{
    student_id: number;
    first_name: string;
    last_name: string;
    class_name: string | null;
  }>(
    db,
    sql`select distinct on (cl.student_id) cl.student_id, u.first_name, u.last_name, k.name as class_name
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join classes k on k.id = cl.class_id
        where cl.course_id = ${courseId} and ${learnerReach('cl', auth)}
          and cl.student_id <> ${auth.user.jwlId}
          and ${
            srow.class_id === null
              ? sql`(cl.class_id is null or not exists (select 1 from quiz_sessions x where x.item_id = ${srow.item_id} and x.class_id = cl.class_id))`
              : sql`cl.class_id = ${srow.class_id}`
          }
        order by cl.student_id`,
  );
}

export async function findAttemptsOfLearners(
  db: Db,
  itemId: number,
  ids: number[],
): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${itemId} and student_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by attempt`,
  );
}

export async function findGradesOfLearners(
  db: Db,
  itemId: number,
  ids: number[],
): Promise<
  {
    student_id: number;
    points: string | number | null;
    is_published: boolean;
    graded_by: number | null;
  }[]
> {
  return rows<{
    student_id: number;
    points: string | number | null;
    is_published: boolean;
    graded_by: number | null;
  }>(
    db,
    sql`select student_id, points, is_published, graded_by from grades where item_id = ${itemId}
              and student_id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
  );
}
