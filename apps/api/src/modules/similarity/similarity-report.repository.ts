import { sql, type SQL } from 'drizzle-orm';
import type { CheckSummary, SimilarityChecksQuery, TextPart } from '@lantern/contracts/similarity';
import type { Db } from '@lantern/db/client';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import type { AuthContext } from '../../plugins/auth';
import { learnerReach } from '../../lib/learning-scope';
import { clcScope } from '../../lib/scope';
import { inScope, rows } from '../../lib/sql';

/**
 * Who sees what (decision 0020 §5.5). The admin right reaches every check of learners in its
 * CLC scope; the instructor right the reports of learners in learner reach, and the other
 * work's text and name only when that learner is in reach too; the learner right their own
 * attempts, never another's text or name. Out of reach is "not found".
 */
export type Viewer = 'admin' | 'instructor';

/** A request and the right it reads by: whose learners it reaches. */
export type Reach = { auth: AuthContext; viewer: Viewer };

/** The condition that the caller reaches the learner of submission alias `s`. */
function reachOf({ auth, viewer }: Reach): SQL {
  const cond =
    viewer === 'admin' ? inScope(sql`cl.clc_id`, clcScope(auth)) : learnerReach('cl', auth);
  return sql`exists (select 1 from course_learners cl
                     where cl.course_id = s.course_id and cl.student_id = s.student_id and ${cond})`;
}

export type CheckDb = {
  id: number;
  status: CheckSummary['status'];
  provider: CheckSummary['provider'];
  score: string | number | null;
  flagged: boolean;
  words: number | null;
  error: string | null;
  report_url: string | null;
  tries: number;
  queued_at: Date | string;
  finished_at: Date | string | null;
};

const checkColumns = sql`c.id::int as id, c.status, c.provider, c.score, c.flagged, c.words, c.error,
  c.report_url, c.tries, c.queued_at, c.finished_at`;

export async function textPartRows(db: Db, submissionId: number) {
  return rows<{
    part: number;
    source: TextPart['source'];
    text: string;
    name: string | null;
  }>(
    db,
    sql`select t.part, t.source, t.text, sf.name
        from submission_texts t
        left join submission_files sf on sf.submission_id = t.submission_id and sf.file_id = t.file_id
        where t.submission_id = ${submissionId} order by t.part`,
  );
}

export type SubmissionDb = {
  id: number;
  attempt: number;
  submitted_at: Date | string | null;
  student_id: number;
  first_name: string;
  last_name: string;
  item_id: number;
  item_title: string;
  course_id: number;
  course_code: string;
};

/** A handed-in submission, if it is there (and the caller reaches its learner, when given). */
export async function findSubmission(
  db: Db,
  id: number,
  reach?: Reach,
): Promise<SubmissionDb | undefined> {
  const where = reach ? sql`s.id = ${id} and ${reachOf(reach)}` : sql`s.id = ${id}`;
  const [row] = await rows<SubmissionDb>(
    db,
    sql`select s.id::int as id, s.attempt, s.submitted_at, s.student_id, u.first_name, u.last_name,
          s.item_id, i.title as item_title, s.course_id, pc.code as course_code
        from submissions s
        join users u on u.jwl_id = s.student_id
        join learning_items i on i.id = s.item_id
        join programme_courses pc on pc.id = s.course_id
        where s.status = 'submitted' and ${where}`,
  );
  return row;
}

/** The newest check of a submission (the given provider's, else any). */
export async function checkOf(
  db: Db,
  submissionId: number,
  provider: string,
): Promise<CheckDb | undefined> {
  const [c] = await rows<CheckDb>(
    db,
    sql`select ${checkColumns} from similarity_checks c
        where c.submission_id = ${submissionId}
        order by (c.provider = ${provider}) desc, c.id desc limit 1`,
  );
  return c;
}

/** A check's matches, best first, with whether the caller reaches the other learner. */
export async function matchRows(db: Db, checkId: number, reach: Reach) {
  return rows<{
    other: number;
    score: string | number;
    other_score: string | number;
    longest_words: number;
    n: number;
    in_reach: boolean;
    student_id: number;
    first_name: string;
    last_name: string;
    submitted_at: Date | string | null;
  }>(
    db,
    sql`select m.other_submission_id::int as other, m.score, m.other_score, m.longest_words,
              jsonb_array_length(m.passages) as n, ${reachOf(reach)} as in_reach,
              s.student_id, u.first_name, u.last_name, s.submitted_at
            from similarity_matches m
            join submissions s on s.id = m.other_submission_id
            join users u on u.jwl_id = s.student_id
            where m.check_id = ${checkId}
            order by m.score desc, m.other_submission_id`,
  );
}

export async function matchWith(db: Db, checkId: number, otherId: number) {
  const [m] = await rows<{ passages: SimilarityPassage[] }>(
    db,
    sql`select passages from similarity_matches where check_id = ${checkId} and other_submission_id = ${otherId}`,
  );
  return m;
}

/** A learner's latest handed-in attempt at an item (or the one named). */
export async function ownSubmission(
  db: Db,
  itemId: number,
  studentId: number,
  submissionId: number | undefined,
) {
  const [s] = await rows<{ id: number }>(
    db,
    sql`select s.id::int as id from submissions s
        where s.item_id = ${itemId} and s.student_id = ${studentId} and s.status = 'submitted'
          ${submissionId === undefined ? sql`` : sql`and s.id = ${submissionId}`}
        order by s.attempt desc limit 1`,
  );
  return s;
}

/** A check's passages with when each other work was handed in, best match first. */
export async function ownPassages(db: Db, checkId: number) {
  return rows<{ passages: SimilarityPassage[]; submitted_at: Date | string | null }>(
    db,
    sql`select m.passages, o.submitted_at from similarity_matches m
        join submissions o on o.id = m.other_submission_id
        where m.check_id = ${checkId} order by m.score desc`,
  );
}

/** A page of checks of learners the admin reaches, newest queued first. */
export async function checkListRows(
  db: Db,
  auth: AuthContext,
  query: SimilarityChecksQuery,
  after: { value: string | null; id: number } | null,
) {
  const filters: SQL[] = [reachOf({ auth, viewer: 'admin' })];
  if (query.status) filters.push(sql`c.status = ${query.status}`);
  if (query.courseId) filters.push(sql`c.course_id = ${query.courseId}`);
  if (after) {
    const cur = after;
    filters.push(sql`(c.queued_at, c.id) < (${cur.value}::timestamptz, ${cur.id})`);
  }
  return rows<
    CheckDb & {
      submission_id: number;
      first_name: string;
      last_name: string;
      item_id: number;
      item_title: string;
      course_code: string;
      queued_key: string;
    }
  >(
    db,
    sql`select ${checkColumns}, c.submission_id::int as submission_id, u.first_name, u.last_name,
          c.item_id, i.title as item_title, pc.code as course_code, c.queued_at::text as queued_key
        from similarity_checks c
        join submissions s on s.id = c.submission_id
        join users u on u.jwl_id = s.student_id
        join learning_items i on i.id = c.item_id
        join programme_courses pc on pc.id = c.course_id
        where ${sql.join(filters, sql` and `)}
        order by c.queued_at desc, c.id desc
        limit ${query.limit + 1}`,
  );
}

/** The submission of a check whose learner the admin reaches. */
export async function submissionOfCheck(db: Db, auth: AuthContext, checkId: number) {
  const [c] = await rows<{ submission_id: number }>(
    db,
    sql`select c.submission_id::int as submission_id from similarity_checks c
        join submissions s on s.id = c.submission_id
        where c.id = ${checkId} and ${reachOf({ auth, viewer: 'admin' })}`,
  );
  return c;
}

/** Queues a check again with its tries reset, if the admin reaches its learner. */
export async function requeueCheck(tx: Db, auth: AuthContext, checkId: number) {
  const [c] = await rows<{ id: number }>(
    tx,
    sql`update similarity_checks c set status = 'queued', tries = 0, error = null, external_id = null,
            queued_at = now(), started_at = null, finished_at = null, version = c.version + 1
          from submissions s
          where s.id = c.submission_id and c.id = ${checkId} and ${reachOf({ auth, viewer: 'admin' })}
          returning c.id::int as id`,
  );
  return c;
}

export async function checkRow(db: Db, id: number): Promise<CheckDb | undefined> {
  const [row] = await rows<CheckDb>(
    db,
    sql`select ${checkColumns} from similarity_checks c where c.id = ${id}`,
  );
  return row;
}

/** The latest handed-in work at an item of every learner the admin reaches. */
export async function latestTaskSubmissions(tx: Db, auth: AuthContext, itemId: number) {
  return rows<{
    id: number;
    item_id: number;
    course_id: number;
    kind: 'text_task' | 'file_task';
  }>(
    tx,
    sql`select distinct on (s.student_id) s.id::int as id, s.item_id, s.course_id, i.kind
          from submissions s join learning_items i on i.id = s.item_id and i.deleted_at is null
          where s.item_id = ${itemId} and s.status = 'submitted' and ${reachOf({ auth, viewer: 'admin' })}
          order by s.student_id, s.attempt desc`,
  );
}

/** Whether the item is a task whose work is checked. */
export async function isCheckedTask(tx: Db, itemId: number): Promise<boolean> {
  const [item] = await rows<{ id: number }>(
    tx,
    sql`select i.id from learning_items i where i.id = ${itemId} and i.deleted_at is null
            and i.kind in ('text_task', 'file_task')`,
  );
  return item !== undefined;
}

/** Queues the provider's checks of the submissions again, tries reset; answers their ids. */
export async function requeueChecksOf(
  tx: Db,
  provider: string,
  submissionIds: number[],
): Promise<number[]> {
  const reset = await rows<{ id: number }>(
    tx,
    sql`update similarity_checks set status = 'queued', tries = 0, error = null, external_id = null,
            queued_at = now(), started_at = null, finished_at = null, version = version + 1
          where provider = ${provider}
            and submission_id = any(${`{${submissionIds.join(',')}}`}::bigint[])
          returning id::int as id`,
  );
  return reset.map((r) => r.id);
}
