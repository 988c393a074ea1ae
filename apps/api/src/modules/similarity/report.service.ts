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
import * as repo from './similarity-report.repository';
import { queueCheck } from './checks.service';

const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

type CheckDb = repo.CheckDb;
type Viewer = repo.Viewer;

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
  const found = await repo.textPartRows(deps.db, submissionId);
  return found.map((r) => ({ part: r.part, source: r.source, name: r.name, text: r.text }));
}

/** The newest check of a submission (the configured provider's, else any). */
const checkOf = (deps: Deps, submissionId: number) =>
  repo.checkOf(deps.db, submissionId, deps.config.similarity.provider);

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
  const s = await repo.findSubmission(deps.db, submissionId, { auth, viewer });
  if (!s) throw notFound('The submission');
  const check = await checkOf(deps, s.id);
  const matches = check ? await repo.matchRows(deps.db, check.id, { auth, viewer }) : [];
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
  const s = await repo.findSubmission(deps.db, submissionId, { auth, viewer });
  if (!s) throw notFound('The submission');
  const check = await checkOf(deps, s.id);
  const m = check ? await repo.matchWith(deps.db, check.id, otherId) : undefined;
  if (!m) throw notFound('The match');
  const other = await repo.findSubmission(deps.db, otherId);
  if (!other) throw notFound('The match');
  const inReach = Boolean(await repo.findSubmission(deps.db, otherId, { auth, viewer }));
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
  const s = await repo.ownSubmission(deps.db, itemId, auth.user.jwlId, submissionId);
  if (!s) {
    if (submissionId !== undefined) throw notFound('The submission');
    return { check: null, submissionId: null, parts: [], passages: [] };
  }
  const check = await checkOf(deps, s.id);
  if (!check) return { check: null, submissionId: s.id, parts: [], passages: [] };
  const found = await repo.ownPassages(deps.db, check.id);
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
  const found = await repo.checkListRows(
    deps.db,
    auth,
    query,
    query.cursor ? decodeCursor(query.cursor, 'queued', 'desc') : null,
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
  const c = await repo.submissionOfCheck(deps.db, auth, checkId);
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
    const c = await repo.requeueCheck(tx, auth, checkId);
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
  const row = await repo.checkRow(deps.db, id);
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
    const latest = await repo.latestTaskSubmissions(tx, auth, itemId);
    if (!(await repo.isCheckedTask(tx, itemId))) throw notFound('The task');
    for (const s of latest)
      await queueCheck(tx, {
        submissionId: s.id,
        itemId: s.item_id,
        courseId: s.course_id,
        kind: s.kind,
        provider,
      });
    const reset = await repo.requeueChecksOf(
      tx,
      provider,
      latest.map((s) => s.id),
    );
    await audit(tx, auth, {
      action: 'similarity.recheck',
      entityType: 'learning_item',
      entityId: itemId,
      changes: { checks: reset.length },
    });
    return reset;
  });
  if (provider === 'local') deps.similarity.dispatchTask(itemId);
  else deps.similarity.dispatch(ids);
  return { queued: ids.length };
}
