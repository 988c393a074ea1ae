import { sql, type SQL } from 'drizzle-orm';
import type {
  CheckSummary,
  MySimilarity,
  SimilarityChecksPage,
  SimilarityChecksQuery,
  SimilarityMatchDetail,
  SimilarityReport,
  TextPart,
} from '@lantern/contracts/similarity';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { learnerReach } from '../../lib/learning-scope';
import { clcScope } from '../../lib/scope';
import { inScope, rows } from '../../lib/sql';
import { queueCheck } from './checks.service';

/**
 * Who sees what (decision 0020 §5.5). The admin right reaches every check of learners in its
 * CLC scope; the instructor right the reports of learners in learner reach, and the other
 * work's text and name only when that learner is in reach too; the learner right their own
 * attempts, never another's text or name. Out of reach is "not found".
 */
export type Viewer = 'admin' | 'instructor';

const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** The condition that the caller reaches the learner of submission alias `s`. */
function reachOf(auth: AuthContext, viewer: Viewer): SQL {
  const cond =
    viewer === 'admin' ? inScope(sql`cl.clc_id`, clcScope(auth)) : learnerReach('cl', auth);
  return sql`exists (select 1 from course_learners cl
                     where cl.course_id = s.course_id and cl.student_id = s.student_id and ${cond})`;
}

type CheckDb = {
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

function summary(c: CheckDb, viewer: Viewer | 'learner'): CheckSummary {
  return {
    id: c.id,
    status: c.status,
    provider: c.provider,
    score: c.score === null ? null : Number(c.score),
    flagged: c.flagged,
    words: c.words,
    // Errors are for those who can act on them; why a check was skipped (a scanned PDF, an
    // empty document) is for those who teach: the learner sees only that it was not checked.
    error: viewer === 'admin' || (viewer !== 'learner' && c.status === 'skipped') ? c.error : null,
    reportUrl: viewer === 'learner' ? null : c.report_url,
    tries: c.tries,
    queuedAt: iso(c.queued_at) ?? '',
    finishedAt: iso(c.finished_at),
  };
}

async function textParts(deps: Deps, submissionId: number): Promise<TextPart[]> {
  const found = await rows<{
    part: number;
    source: TextPart['source'];
    text: string;
    name: string | null;
  }>(
    deps.db,
    sql`select t.part, t.source, t.text, sf.name
        from submission_texts t
        left join submission_files sf on sf.submission_id = t.submission_id and sf.file_id = t.file_id
        where t.submission_id = ${submissionId} order by t.part`,
  );
  return found.map((r) => ({ part: r.part, source: r.source, name: r.name, text: r.text }));
}

type SubmissionDb = {
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

async function findSubmission(deps: Deps, where: SQL): Promise<SubmissionDb | undefined> {
  const [row] = await rows<SubmissionDb>(
    deps.db,
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

/** The newest check of a submission (the configured provider's, else any). */
async function checkOf(deps: Deps, submissionId: number): Promise<CheckDb | undefined> {
  const [c] = await rows<CheckDb>(
    deps.db,
    sql`select ${checkColumns} from similarity_checks c
        where c.submission_id = ${submissionId}
        order by (c.provider = ${deps.config.similarity.provider}) desc, c.id desc limit 1`,
  );
  return c;
}

/** Which of two submissions was handed in first: by time, the same moment by the older id. */
export function firstHandedIn(
  self: { id: number; submittedAt: Date | string | null },
  other: { id: number; submittedAt: Date | string | null },
): 'this' | 'other' | null {
  if (self.submittedAt === null || other.submittedAt === null) return null;
  const [a, b] = [new Date(self.submittedAt).getTime(), new Date(other.submittedAt).getTime()];
  if (a !== b) return a < b ? 'this' : 'other';
  return self.id < other.id ? 'this' : 'other';
}

export async function getReport(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
  viewer: Viewer,
): Promise<SimilarityReport> {
  const s = await findSubmission(deps, sql`s.id = ${submissionId} and ${reachOf(auth, viewer)}`);
  if (!s) throw notFound('The submission');
  const check = await checkOf(deps, s.id);
  const matches = check
    ? await rows<{
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
        deps.db,
        sql`select m.other_submission_id::int as other, m.score, m.other_score, m.longest_words,
              jsonb_array_length(m.passages) as n, ${reachOf(auth, viewer)} as in_reach,
              s.student_id, u.first_name, u.last_name, s.submitted_at
            from similarity_matches m
            join submissions s on s.id = m.other_submission_id
            join users u on u.jwl_id = s.student_id
            where m.check_id = ${check.id}
            order by m.score desc, m.other_submission_id`,
      )
    : [];
  return {
    check: check ? summary(check, viewer) : null,
    submission: {
      id: s.id,
      attempt: s.attempt,
      submittedAt: iso(s.submitted_at),
      student: { id: s.student_id, name: `${s.first_name} ${s.last_name}` },
      item: { id: s.item_id, title: s.item_title },
      course: { id: s.course_id, code: s.course_code },
    },
    parts: await textParts(deps, s.id),
    matches: matches.map((m) => ({
      otherSubmissionId: m.other,
      score: Number(m.score),
      otherScore: Number(m.other_score),
      longestWords: m.longest_words,
      passageCount: m.n,
      firstHandedIn: firstHandedIn(
        { id: s.id, submittedAt: s.submitted_at },
        { id: m.other, submittedAt: m.submitted_at },
      ),
      other: m.in_reach
        ? {
            studentId: m.student_id,
            name: `${m.first_name} ${m.last_name}`,
            submittedAt: iso(m.submitted_at),
          }
        : null,
    })),
  };
}

export async function getMatch(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
  otherId: number,
  viewer: Viewer,
): Promise<SimilarityMatchDetail> {
  const s = await findSubmission(deps, sql`s.id = ${submissionId} and ${reachOf(auth, viewer)}`);
  if (!s) throw notFound('The submission');
  const check = await checkOf(deps, s.id);
  const [m] = check
    ? await rows<{ passages: SimilarityPassage[] }>(
        deps.db,
        sql`select passages from similarity_matches where check_id = ${check.id} and other_submission_id = ${otherId}`,
      )
    : [];
  if (!m) throw notFound('The match');
  const other = await findSubmission(deps, sql`s.id = ${otherId}`);
  if (!other) throw notFound('The match');
  const inReach = Boolean(
    await findSubmission(deps, sql`s.id = ${otherId} and ${reachOf(auth, viewer)}`),
  );
  const otherParts = await textParts(deps, otherId);
  const excerpt = (p: SimilarityPassage) =>
    otherParts.find((t) => t.part === p[3])?.text.slice(p[4], p[5]) ?? '';
  return {
    otherSubmissionId: otherId,
    passages: m.passages,
    otherParts: inReach ? otherParts : null,
    otherExcerpts: inReach ? [] : m.passages.map(excerpt),
    other: inReach
      ? {
          studentId: other.student_id,
          name: `${other.first_name} ${other.last_name}`,
          submittedAt: iso(other.submitted_at),
        }
      : null,
  };
}

/** The learner's own attempt (the latest handed in, or the one named): score and own passages. */
export async function getMySimilarity(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  submissionId: number | undefined,
): Promise<MySimilarity> {
  const [s] = await rows<{ id: number }>(
    deps.db,
    sql`select s.id::int as id from submissions s
        where s.item_id = ${itemId} and s.student_id = ${auth.user.jwlId} and s.status = 'submitted'
          ${submissionId === undefined ? sql`` : sql`and s.id = ${submissionId}`}
        order by s.attempt desc limit 1`,
  );
  if (!s) {
    if (submissionId !== undefined) throw notFound('The submission');
    return { check: null, submissionId: null, parts: [], passages: [] };
  }
  const check = await checkOf(deps, s.id);
  if (!check) return { check: null, submissionId: s.id, parts: [], passages: [] };
  const found = await rows<{ passages: SimilarityPassage[]; submitted_at: Date | string | null }>(
    deps.db,
    sql`select m.passages, o.submitted_at from similarity_matches m
        join submissions o on o.id = m.other_submission_id
        where m.check_id = ${check.id} order by m.score desc`,
  );
  const c = summary(check, 'learner');
  return {
    check: { status: c.status, score: c.score, flagged: c.flagged, error: c.error },
    submissionId: s.id,
    parts: check.status === 'done' ? await textParts(deps, s.id) : [],
    passages:
      check.status === 'done'
        ? found.flatMap((f) =>
            f.passages.map((p) => ({
              part: p[0],
              start: p[1],
              end: p[2],
              otherSubmittedAt: iso(f.submitted_at),
            })),
          )
        : [],
  };
}

// ---- admin ----

export async function listChecks(
  deps: Deps,
  auth: AuthContext,
  query: SimilarityChecksQuery,
): Promise<SimilarityChecksPage> {
  const filters: SQL[] = [reachOf(auth, 'admin')];
  if (query.status) filters.push(sql`c.status = ${query.status}`);
  if (query.courseId) filters.push(sql`c.course_id = ${query.courseId}`);
  if (query.cursor) {
    const cur = decodeCursor(query.cursor, 'queued', 'desc');
    filters.push(sql`(c.queued_at, c.id) < (${cur.value}::timestamptz, ${cur.id})`);
  }
  const found = await rows<
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
    deps.db,
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
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      ...summary(r, 'admin'),
      submissionId: r.submission_id,
      studentName: `${r.first_name} ${r.last_name}`,
      itemId: r.item_id,
      itemTitle: r.item_title,
      courseCode: r.course_code,
    })),
    nextCursor:
      found.length > query.limit && last
        ? encodeCursor({ sort: 'queued', dir: 'desc', value: last.queued_key, id: last.id })
        : null,
  };
}

export async function getCheckReport(
  deps: Deps,
  auth: AuthContext,
  checkId: number,
): Promise<SimilarityReport> {
  const [c] = await rows<{ submission_id: number }>(
    deps.db,
    sql`select c.submission_id::int as submission_id from similarity_checks c
        join submissions s on s.id = c.submission_id
        where c.id = ${checkId} and ${reachOf(auth, 'admin')}`,
  );
  if (!c) throw notFound('The check');
  return getReport(deps, auth, c.submission_id, 'admin');
}

/** An admin's retry of one check: queued again with its tries reset. */
export async function retryCheck(
  deps: Deps,
  auth: AuthContext,
  checkId: number,
): Promise<CheckSummary> {
  const id = await deps.db.transaction(async (tx) => {
    const [c] = await rows<{ id: number }>(
      tx,
      sql`update similarity_checks c set status = 'queued', tries = 0, error = null, external_id = null,
            queued_at = now(), started_at = null, finished_at = null, version = c.version + 1
          from submissions s
          where s.id = c.submission_id and c.id = ${checkId} and ${reachOf(auth, 'admin')}
          returning c.id::int as id`,
    );
    if (!c) throw notFound('The check');
    await audit(tx, auth, {
      action: 'similarity.retry',
      entityType: 'similarity_check',
      entityId: c.id,
      changes: {},
    });
    return c.id;
  });
  deps.similarity.dispatch([id]);
  const [row] = await rows<CheckDb>(
    deps.db,
    sql`select ${checkColumns} from similarity_checks c where c.id = ${id}`,
  );
  if (!row) throw notFound('The check');
  return summary(row, 'admin');
}

/**
 * An admin's recheck of a task: every latest handed-in work of learners in scope is checked
 * again (a check made for any that had none), all in one batch for the local matcher.
 */
export async function recheckTask(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<{ queued: number }> {
  const provider = deps.config.similarity.provider;
  const ids = await deps.db.transaction(async (tx) => {
    const latest = await rows<{
      id: number;
      item_id: number;
      course_id: number;
      kind: 'text_task' | 'file_task';
    }>(
      tx,
      sql`select distinct on (s.student_id) s.id::int as id, s.item_id, s.course_id, i.kind
          from submissions s join learning_items i on i.id = s.item_id and i.deleted_at is null
          where s.item_id = ${itemId} and s.status = 'submitted' and ${reachOf(auth, 'admin')}
          order by s.student_id, s.attempt desc`,
    );
    const [item] = await rows<{ id: number }>(
      tx,
      sql`select i.id from learning_items i where i.id = ${itemId} and i.deleted_at is null
            and i.kind in ('text_task', 'file_task')`,
    );
    if (!item) throw notFound('The task');
    for (const s of latest)
      await queueCheck(tx, {
        submissionId: s.id,
        itemId: s.item_id,
        courseId: s.course_id,
        kind: s.kind,
        provider,
      });
    const reset = await rows<{ id: number }>(
      tx,
      sql`update similarity_checks set status = 'queued', tries = 0, error = null, external_id = null,
            queued_at = now(), started_at = null, finished_at = null, version = version + 1
          where provider = ${provider}
            and submission_id = any(${`{${latest.map((s) => s.id).join(',')}}`}::bigint[])
          returning id::int as id`,
    );
    await audit(tx, auth, {
      action: 'similarity.recheck',
      entityType: 'learning_item',
      entityId: itemId,
      changes: { checks: reset.length },
    });
    return reset.map((r) => r.id);
  });
  if (provider === 'local') deps.similarity.dispatchTask(itemId);
  else deps.similarity.dispatch(ids);
  return { queued: ids.length };
}
