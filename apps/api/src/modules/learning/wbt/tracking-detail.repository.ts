import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { WbtCompletion, WbtSco, WbtSuccess } from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { ATTEMPT_COLUMNS, type AttemptRaw } from './tracking-attempts.repository';

/** Reads of a training attempt for the grade page. */

export type DetailAttemptRow = AttemptRaw & { item_id: number; student_id: number; scos: WbtSco[] };

async function detailAttemptWhere(
  db: Db,
  auth: AuthContext,
  which: SQL,
): Promise<DetailAttemptRow | undefined> {
  const [a] = await rows<DetailAttemptRow>(
    db,
    sql`select ${ATTEMPT_COLUMNS}, a.item_id, a.student_id, p.scos from wbt_attempts a
        join wbt_packages p on p.id = a.package_id
        join course_learners cl on cl.course_id = a.course_id and cl.student_id = a.student_id
        where ${which} and ${learnerReach('cl', auth)}
        limit 1`,
  );
  return a;
}

/** The attempt with its package's SCOs, when its learner is in the caller's reach. */
export async function findDetailAttempt(
  db: Db,
  auth: AuthContext,
  attemptId: number,
): Promise<DetailAttemptRow | undefined> {
  return detailAttemptWhere(db, auth, sql`a.id = ${attemptId}`);
}

/** The attempt handed in as the submission, when its learner is in the caller's reach. */
export async function findDetailAttemptOfSubmission(
  db: Db,
  auth: AuthContext,
  submissionId: number,
): Promise<DetailAttemptRow | undefined> {
  // Through the submission's learner and item, so the (student_id, item_id) index finds it.
  return detailAttemptWhere(
    db,
    auth,
    sql`(a.student_id, a.item_id) = (select s.student_id, s.item_id from submissions s where s.id = ${submissionId})
        and a.submission_id = ${submissionId}`,
  );
}

export async function findScoStateScores(
  db: Db,
  attemptId: number,
): Promise<
  {
    sco: number;
    completion: WbtCompletion;
    success: WbtSuccess;
    score_scaled: string | number | null;
  }[]
> {
  return rows<{
    sco: number;
    completion: WbtCompletion;
    success: WbtSuccess;
    score_scaled: string | number | null;
  }>(
    db,
    sql`select sco, completion, success, score_scaled from wbt_sco_states where attempt_id = ${attemptId}`,
  );
}

/** The interaction elements the grade page shows (SCORM 1.2 and 2004 names). */
const INTERACTION_FIELDS_SQL =
  '^cmi\\.interactions\\.[0-9]+\\.(id|type|description|result|student_response|learner_response|correct_responses\\.0\\.pattern)$';

export async function findInteractionValues(
  db: Db,
  attemptId: number,
): Promise<{ sco: number; name: string; value: string }[]> {
  return rows<{ sco: number; name: string; value: string }>(
    db,
    sql`select v.sco, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId} and e.name like 'cmi.interactions.%'
          and (e.name ~ ${INTERACTION_FIELDS_SQL})
        order by v.sco, e.name`,
  );
}
