import type { Db } from '@lantern/db/client';
import {
  WBT_SENTENCES,
  type WbtAttemptSummary,
  type WbtCommit,
  type WbtCommitResult,
} from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { SESSION_TIME_ELEMENTS, SUMMARY_ELEMENTS, sessionSeconds } from './summary';
import { storeElementNames, toSummary } from './tracking-attempts.repository';
import {
  attemptSeconds,
  findLaunchLastSeq,
  insertCommit,
  lockOpenTimeLaunch,
  markDoneEarly,
  setAttemptSeconds,
  upsertOpenSeconds,
} from './tracking-commits.repository';
import { recompute } from './tracking-recompute.service';
import { summaryById, type Deps } from './tracking.service';

/** A training's commits: values stored per attempt, SCO and element, and the time spent. */

const launchExpired = () => new AppError(409, 'WBT_LAUNCH_EXPIRED', WBT_SENTENCES.launchExpired);

// ---- element ids ----

/**
 * Element names → ids, kept in process (names never change once stored). Only committed rows
 * are kept: `resolve` takes the root connection, never a commit's transaction, so its insert is
 * committed on its own before any id enters the map. Filled inside a transaction that then
 * rolled back (another learner's attempt, a stale launch), the map would name rows that do not
 * exist, and every later commit of those elements would fail.
 */
export class ElementIds {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();

  async resolve(db: Db, names: readonly string[]): Promise<Map<string, number>> {
    const missing = names.filter((n) => !this.ids.has(n));
    if (missing.length > 0) {
      const list = JSON.stringify([...new Set(missing)]);
      const found = await storeElementNames(db, list);
      for (const r of found) {
        this.ids.set(r.name, r.id);
        this.names.set(r.id, r.name);
      }
    }
    const out = new Map<string, number>();
    for (const n of names) {
      const id = this.ids.get(n);
      if (id === undefined) throw new Error(`Element ${n} has no id.`);
      out.set(n, id);
    }
    return out;
  }

  nameOf(id: number): string | undefined {
    return this.names.get(id);
  }
}

// ---- commits ----

const attemptFinished = () =>
  new AppError(403, 'WBT_ATTEMPT_FINISHED', WBT_SENTENCES.attemptFinished);

const SUMMARY_SET = new Set<string>(SUMMARY_ELEMENTS);
const SESSION_SET = new Set<string>(SESSION_TIME_ELEMENTS);

/**
 * Stores one commit in one statement: the launch must be this learner's, `normal` and at most
 * 7 days old; a commit seen before changes nothing; each value and the launch's session time
 * move only for a higher (launch, seq) than the one that wrote them.
 */
async function storeCommit(
  tx: Db,
  elements: ElementIds,
  ids: ReadonlyMap<string, number>,
  studentId: number,
  attemptId: number,
  commit: WbtCommit,
): Promise<{ applied: boolean; stateMayMove: boolean; attempt: WbtAttemptSummary }> {
  const names = Object.keys(commit.values);
  const values = names
    .map((n) => ({ id: ids.get(n) ?? 0, value: commit.values[n] ?? '' }))
    .sort((a, b) => a.id - b.id);
  let session: number | null = null;
  for (const n of names)
    if (SESSION_SET.has(n)) session = sessionSeconds(commit.values[n] ?? '') ?? session;
  const row = await insertCommit(tx, studentId, attemptId, commit, values, session);
  if (!row?.attempt || row.found === 0) throw notFound('The attempt');
  if (commit.sco >= (row.sco_count ?? 0))
    throw badRequest('This training has no such part.', { sco: 'Not in this training.' });
  if (row.mode === null) throw notFound('The launch');
  if (row.mode !== 'normal' || row.fresh !== true) throw launchExpired();
  if (row.writes !== true) throw attemptFinished();
  const attempt = toSummary(row.attempt);
  if (row.applied === 0) return { applied: false, stateMayMove: false, attempt };
  const changedSummary = row.changed.some((id) => {
    const name = elements.nameOf(id);
    return name !== undefined && SUMMARY_SET.has(name);
  });
  return { applied: true, stateMayMove: changedSummary, attempt };
}

/**
 * `POST …/wbt-attempt/:attemptId/commits`: each commit of the batch in order, all in one
 * transaction; a duplicate answers `duplicate` and changes nothing.
 */
export async function commitBatch(
  deps: Deps,
  elements: ElementIds,
  auth: AuthContext,
  attemptId: number,
  commits: readonly WbtCommit[],
  /** Runs first in the batch's transaction ("Mark as done" records the time open there). */
  before?: (tx: Db) => Promise<void>,
): Promise<WbtCommitResult> {
  if (auth.impersonating)
    throw new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  // The names are resolved before the transaction (see ElementIds): a refused batch must not
  // leave ids of rolled-back rows behind.
  const ids = await elements.resolve(
    deps.db,
    commits.flatMap((c) => Object.keys(c.values)),
  );
  return deps.db.transaction(async (tx) => {
    if (before) await before(tx);
    const results: WbtCommitResult['results'] = [];
    const moved = new Set<number>();
    let attempt: WbtAttemptSummary | null = null;
    for (const commit of commits) {
      const r = await storeCommit(tx, elements, ids, auth.user.jwlId, attemptId, commit);
      results.push({
        launchNo: commit.launchNo,
        seq: commit.seq,
        outcome: r.applied ? 'applied' : 'duplicate',
      });
      attempt = r.attempt;
      if (r.stateMayMove) moved.add(commit.sco);
    }
    for (const sco of moved) await recompute(tx, attemptId, sco);
    // Read again only when the summary may have moved; else the statement's copy holds.
    if (moved.size > 0 || !attempt) attempt = await summaryById(tx, attemptId);
    return { results, attempt };
  });
}

/**
 * An HTML package's time open in one launch and part: the largest the page reported, never more
 * than the launch's age (a page cannot claim time that has not passed). Only a `normal` launch
 * that may still write (not expired, not issued after the attempt was finished) records it.
 */
async function recordOpenTime(
  tx: Db,
  studentId: number,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds: number },
): Promise<void> {
  const launch = await lockOpenTimeLaunch(tx, studentId, attemptId, input.launchNo);
  if (!launch) throw notFound('The attempt');
  if (launch.standard !== 'html')
    throw badRequest(WBT_SENTENCES.openTimeHtmlOnly, { launchNo: 'Not an HTML package.' });
  if (input.sco >= launch.sco_count)
    throw badRequest('This training has no such part.', { sco: 'Not in this training.' });
  if (launch.mode !== 'normal' || !launch.fresh) throw launchExpired();
  if (!launch.writes) throw attemptFinished();
  const seconds = Math.max(0, Math.min(input.openSeconds, launch.age));
  await upsertOpenSeconds(tx, attemptId, input, seconds);
  const total = await attemptSeconds(tx, attemptId);
  await setAttemptSeconds(tx, attemptId, total);
}

/** `POST …/wbt-attempt/:attemptId/open-time`: an HTML package's time open, as its attempt's time. */
export async function openTime(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds: number },
): Promise<WbtAttemptSummary> {
  if (auth.impersonating)
    throw new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  return deps.db.transaction(async (tx) => {
    await recordOpenTime(tx, auth.user.jwlId, attemptId, input);
    return summaryById(tx, attemptId);
  });
}

/**
 * "Mark as done" of an HTML package that calls no API: the time open is recorded, then the SCO's
 * status as a commit writes it. Marked done before the package was open
 * `WBT_HTML_MIN_OPEN_SECONDS` in the attempt (and without its own report of completion), the
 * attempt is handed in but earns no machine grade: a teacher grades it.
 */
export async function markDone(
  deps: Deps,
  elements: ElementIds,
  auth: AuthContext,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds?: number },
): Promise<WbtCommitResult> {
  const last = await findLaunchLastSeq(deps.db, auth.user.jwlId, attemptId, input.launchNo);
  if (!last) throw notFound('The attempt');
  const studentId = auth.user.jwlId;
  return commitBatch(
    deps,
    elements,
    auth,
    attemptId,
    [
      {
        launchNo: input.launchNo,
        seq: last.last_seq + 1,
        sco: input.sco,
        values: { 'cmi.core.lesson_status': 'completed' },
        terminate: false,
      },
    ],
    async (tx) => {
      await recordOpenTime(tx, studentId, attemptId, {
        launchNo: input.launchNo,
        sco: input.sco,
        openSeconds: input.openSeconds ?? 0,
      });
      // Early unless the package said it was complete itself or was open long enough.
      await markDoneEarly(tx, attemptId);
    },
  );
}
