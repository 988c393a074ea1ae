import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type {
  WbtAttemptSummary,
  WbtCompletion,
  WbtStandard,
  WbtSuccess,
} from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { courseReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import type { StoredSco } from './manifest';

/** Reads and writes of a training's attempts and launches, as a learner opens it. */

export type AttemptRaw = {
  id: string | number;
  attempt: number;
  completion: WbtCompletion;
  success: WbtSuccess;
  score_scaled: string | number | null;
  total_seconds: number;
  submission_id: string | number | null;
  started_at: Date | string;
  completed_at: Date | string | null;
  last_commit_at: Date | string | null;
};
export const ATTEMPT_COLUMNS = sql`a.id, a.attempt, a.completion, a.success, a.score_scaled, a.total_seconds,
  a.submission_id, a.started_at, a.completed_at, a.last_commit_at`;
const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
export const toSummary = (r: AttemptRaw): WbtAttemptSummary => ({
  id: Number(r.id),
  attempt: r.attempt,
  completion: r.completion,
  success: r.success,
  scoreScaled: r.score_scaled === null ? null : Number(r.score_scaled),
  totalSeconds: r.total_seconds,
  submissionId: r.submission_id === null ? null : Number(r.submission_id),
  startedAt: new Date(r.started_at).toISOString(),
  completedAt: isoOrNull(r.completed_at),
  lastCommitAt: isoOrNull(r.last_commit_at),
});

/** Stores the element names not stored yet (`list`: a JSON array), then reads all their ids. */
export async function storeElementNames(
  db: Db,
  list: string,
): Promise<{ id: number; name: string }[]> {
  await db.execute(
    sql`insert into wbt_elements (name) select x from jsonb_array_elements_text(${list}::jsonb) x
            order by x on conflict (name) do nothing`,
  );
  return rows<{ id: number; name: string }>(
    db,
    sql`select id, name from wbt_elements where name in (select jsonb_array_elements_text(${list}::jsonb))`,
  );
}

export async function findAttempts(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRaw[]> {
  return rows<AttemptRaw>(
    db,
    sql`select ${ATTEMPT_COLUMNS} from wbt_attempts a
        where a.item_id = ${itemId} and a.student_id = ${studentId} order by a.attempt`,
  );
}

export async function findAttempt(db: Db, attemptId: number): Promise<AttemptRaw | undefined> {
  const [row] = await rows<AttemptRaw>(
    db,
    sql`select ${ATTEMPT_COLUMNS} from wbt_attempts a where a.id = ${attemptId}`,
  );
  return row;
}

export type PackageInfo = { id: number; standard: WbtStandard; title: string; scos: StoredSco[] };

export async function findPackage(db: Db, packageId: number): Promise<PackageInfo | undefined> {
  const [row] = await rows<PackageInfo>(
    db,
    sql`select id, standard, title, scos from wbt_packages where id = ${packageId}`,
  );
  return row;
}

export async function findScoStates(
  db: Db,
  attemptId: number,
): Promise<{ sco: number; completion: WbtCompletion; success: WbtSuccess }[]> {
  return rows<{ sco: number; completion: WbtCompletion; success: WbtSuccess }>(
    db,
    sql`select sco, completion, success from wbt_sco_states where attempt_id = ${attemptId}`,
  );
}

/** Each part's latest written value's (launch, seq): the parts the learner has been in. */
export async function findLastVisits(
  db: Db,
  attemptId: number,
): Promise<{ sco: number; launch_no: number; seq: number }[]> {
  return rows<{ sco: number; launch_no: number; seq: number }>(
    db,
    sql`select distinct on (sco) sco, launch_no, seq from wbt_values
          where attempt_id = ${attemptId} order by sco, launch_no desc, seq desc`,
  );
}

/** The attempt's values to resume with, without its session times and exits. */
export async function findResumeValues(
  db: Db,
  attemptId: number,
): Promise<{ sco: number; name: string; value: string }[]> {
  return rows<{ sco: number; name: string; value: string }>(
    db,
    sql`select v.sco, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId}
          and e.name not in ('cmi.core.session_time', 'cmi.session_time', 'cmi.core.exit', 'cmi.exit')`,
  );
}

/** The learner's latest attempt at the item, locked for the launch. */
export async function lockLatestAttempt(
  tx: Db,
  itemId: number,
  studentId: number,
): Promise<{ id: string | number; attempt: number; completion: WbtCompletion } | undefined> {
  const [latest] = await rows<{
    id: string | number;
    attempt: number;
    completion: WbtCompletion;
  }>(
    tx,
    sql`select id, attempt, completion from wbt_attempts
          where item_id = ${itemId} and student_id = ${studentId}
          order by attempt desc limit 1 for update`,
  );
  return latest;
}

export async function insertAttempt(
  tx: Db,
  a: { itemId: number; packageId: number; studentId: number; courseId: number; attempt: number },
): Promise<{ id: string | number } | undefined> {
  const [created] = await rows<{ id: string | number }>(
    tx,
    sql`insert into wbt_attempts (item_id, package_id, student_id, course_id, attempt)
            values (${a.itemId}, ${a.packageId}, ${a.studentId}, ${a.courseId}, ${a.attempt})
            on conflict (item_id, student_id, attempt) do update set version = wbt_attempts.version
            returning id`,
  );
  return created;
}

/** A new `normal` launch of the attempt, numbered after its last one. */
export async function insertLaunch(tx: Db, id: number): Promise<{ launch_no: number } | undefined> {
  const [launched] = await rows<{ launch_no: number }>(
    tx,
    sql`with a as (
            update wbt_attempts set last_launch_no = last_launch_no + 1 where id = ${id}
            returning id, last_launch_no
          )
          insert into wbt_launches (attempt_id, launch_no, mode)
          select id, last_launch_no, 'normal' from a returning launch_no`,
  );
  return launched;
}

/** A training item's settings when the caller reaches its course (or `all`: WBT_ALL). */
export async function findTrainingSettings(
  db: Db,
  auth: AuthContext,
  itemId: number,
  all: boolean,
): Promise<{ settings: unknown } | undefined> {
  const [row] = await rows<{ settings: unknown }>(
    db,
    sql`select i.settings from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        where i.id = ${itemId} and i.kind = 'wbt' and i.deleted_at is null
          and (${all} or ${courseReach(sql`c.id`, sql`c.programme_id`, auth)})`,
  );
  return row;
}
