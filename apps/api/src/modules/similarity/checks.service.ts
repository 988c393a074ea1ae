import type { Readable } from 'node:stream';
import type { Db } from '@lantern/db/client';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { countWords } from '@lantern/contracts/words';
import type { Deps } from '../../lib/deps';
import * as repo from './similarity-checks.repository';
import { WorkerTimeout } from '../../lib/worker-pool';
import { coverInPool, extractInPool } from './pool';
import { sourceOfMime } from './extract';
import { sha256Hex } from './hash';
import type { CheckFile, CheckText, ProviderResult, SimilarityProvider } from './provider';
import { providerFor } from './providers';

/** Kinds whose work is checked (voice answers and quiz essays are not: 0020 O-3). */
export const CHECKED_KINDS: readonly ItemKind[] = ['text_task', 'file_task'];

/** A match this large on either side is mirrored into the other work's report. */
export const REVERSE_PERCENT = 5;

export const NO_TEXT = 'This work holds no text to compare.';

/** In the submit's transaction: a queued check for a text or file task's hand-in. */
export async function queueCheck(
  tx: Db,
  input: {
    submissionId: number;
    itemId: number;
    courseId: number;
    kind: ItemKind;
    provider: 'local' | 'turnitin';
  },
): Promise<number | null> {
  if (!CHECKED_KINDS.includes(input.kind)) return null;
  return repo.insertCheck(tx, input);
}

type CheckRow = repo.CheckRow;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Part = {
  part: number;
  fileId: string | null;
  source: repo.TextSource;
  text: string;
  sha256: string;
};

/**
 * The text of each part of a submission, read once: kept in `submission_texts`, and a file
 * handed in before (same bytes) is not read again. Answers the texts and, when none could be
 * read, why.
 */
export async function extractParts(
  deps: Deps,
  check: Pick<CheckRow, 'submission_id' | 'text'>,
): Promise<{ texts: CheckText[]; files: CheckFile[]; reason: string | null }> {
  const stored = await repo.storedTexts(deps.db, check.submission_id);
  const have = new Map(stored.map((s) => [s.part, s]));
  const fileRows = await repo.submissionFiles(deps.db, check.submission_id);
  const files: CheckFile[] = fileRows.map((f, i) => ({
    part: i + 1,
    name: f.name,
    mime: f.mime,
    bytes: async () => readAll(await deps.files.get(f.storage_key)),
  }));
  const fresh: Part[] = [];
  let reason: string | null = null;
  if (check.text !== null && check.text.trim() !== '' && !have.has(0))
    fresh.push({
      part: 0,
      fileId: null,
      source: 'text',
      text: check.text,
      sha256: sha256Hex(check.text),
    });
  for (const [i, f] of fileRows.entries()) {
    const part = i + 1;
    if (have.has(part)) continue;
    const source = sourceOfMime(f.mime);
    if (!source) continue;
    const same = await repo.textOfSameFile(deps.db, f.sha256);
    if (same) {
      fresh.push({
        part,
        fileId: f.file_id,
        source: same.source,
        text: same.text,
        sha256: sha256Hex(same.text),
      });
      continue;
    }
    const bytes = await readAll(await deps.files.get(f.storage_key));
    const got = await extractInPool(
      source,
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    if (!got.ok) {
      reason ??= got.reason;
      continue;
    }
    fresh.push({ part, fileId: f.file_id, source, text: got.text, sha256: sha256Hex(got.text) });
  }
  for (const p of fresh)
    await repo.insertSubmissionText(deps.db, check.submission_id, p, countWordsBounded(p.text));
  const texts = [...stored, ...fresh]
    .filter((p) => p.text.trim() !== '')
    .sort((a, b) => a.part - b.part)
    .map((p) => ({ part: p.part, text: p.text, sha256: p.sha256 }));
  return { texts, files, reason: texts.length === 0 ? (reason ?? NO_TEXT) : null };
}

/** Words for the stored row; a huge text is estimated by spaces, not segmented here. */
function countWordsBounded(text: string): number {
  return text.length <= 20_000 ? countWords(text) : text.split(/\s+/).filter(Boolean).length;
}

/** The error's sentence for the admin list: a timeout or a worker's message, never a stack. */
function sentence(error: unknown): string {
  if (error instanceof WorkerTimeout) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || 'The check failed.';
}

export type RunOutcome = 'done' | 'skipped' | 'pending' | 'failed' | 'retry' | 'absent';

/**
 * Runs one check: extract, match through its provider, store. A failure is a retry until the
 * last try (`final`), then the check is `failed` with its sentence; it never holds another.
 */
export async function runCheck(
  deps: Deps,
  checkId: number,
  options: { final: boolean },
): Promise<RunOutcome> {
  if (!(await repo.claimCheck(deps.db, checkId))) return 'absent';
  const check = await repo.loadCheck(deps.db, checkId);
  if (!check) return 'absent';
  try {
    const { texts, files, reason } = await extractParts(deps, check);
    if (reason !== null) {
      await repo.finishSkipped(deps.db, checkId, reason);
      return 'skipped';
    }
    const provider = providerFor(deps, check.provider);
    const result = await provider.check({
      checkId,
      submissionId: check.submission_id,
      itemId: check.item_id,
      studentId: check.student_id,
      texts,
      files,
    });
    return await applyResult(deps, checkId, result, provider);
  } catch (error) {
    await repo.markCheckError(deps.db, checkId, options.final, sentence(error));
    if (!options.final) throw error;
    return 'failed';
  }
}

/** Stores a provider's answer: matches and score, or a pending external id, or a skip. */
export async function applyResult(
  deps: Deps,
  checkId: number,
  result: ProviderResult,
  provider: SimilarityProvider,
): Promise<RunOutcome> {
  if (result.status === 'skipped') {
    await repo.finishSkipped(deps.db, checkId, result.reason);
    return 'skipped';
  }
  if (result.status === 'pending') {
    await repo.markPending(deps.db, checkId, result.externalId);
    deps.similarity.poll(checkId, 0);
    return 'pending';
  }
  const reverse = await deps.db.transaction(async (tx) => {
    await repo.deleteMatches(tx, checkId);
    for (const m of result.matches) await repo.insertMatch(tx, checkId, m);
    return repo.markDone(tx, checkId, result);
  });
  if (provider.name === 'local' && reverse)
    await mirrorMatches(deps, reverse.submission_id, result.matches);
  return 'done';
}

const swap = (p: SimilarityPassage): SimilarityPassage => [p[3], p[4], p[5], p[0], p[1], p[2]];

/**
 * Reverse matches (0020 §5.2 (5)): the earlier work's report gets (or updates) the mirrored
 * match, and its score is recomputed from the union of its passages, so the first of two
 * copies shows the second too.
 */
async function mirrorMatches(
  deps: Deps,
  submissionId: number,
  matches: {
    otherSubmissionId: number;
    score: number;
    otherScore: number;
    longestWords: number;
    passages: SimilarityPassage[];
  }[],
) {
  const me = await repo.studentOfSubmission(deps.db, submissionId);
  if (!me) return;
  for (const m of matches) {
    if (Math.max(m.score, m.otherScore) < REVERSE_PERCENT) continue;
    const other = await repo.doneLocalCheck(deps.db, m.otherSubmissionId);
    if (!other) continue;
    await repo.upsertMirroredMatch(deps.db, {
      checkId: other.id,
      submissionId,
      studentId: me.student_id,
      score: m.otherScore,
      otherScore: m.score,
      longestWords: m.longestWords,
      passages: m.passages.map(swap),
    });
    await rescore(deps, other.id, m.otherSubmissionId);
  }
}

/** A check's score from the union of its matches' passages. */
async function rescore(deps: Deps, checkId: number, submissionId: number) {
  const parts = await repo.storedTexts(deps.db, submissionId);
  const passages = await repo.matchPassages(deps.db, checkId);
  const ranges = passages.flatMap((r) =>
    r.passages.map((p): [number, number, number] => [p[0], p[1], p[2]]),
  );
  const { covered, total } = await coverInPool(parts, ranges);
  const score = total === 0 ? 0 : Math.round((covered / total) * 10_000) / 100;
  await repo.setScore(deps.db, checkId, score);
}

/** Asks an outside provider about a pending check; answers whether it is still pending. */
export async function pollCheck(deps: Deps, checkId: number): Promise<boolean> {
  const row = await repo.pollRow(deps.db, checkId);
  if (!row || row.status !== 'running' || !row.external_id) return false;
  const provider = providerFor(deps, row.provider);
  if (!provider.poll) return false;
  const result = await provider.poll(row.external_id);
  if (result.status === 'pending') return true;
  await applyResult(deps, checkId, result, provider);
  return false;
}

/** Pending checks past a day are given up with a sentence. */
export async function giveUpPending(db: Db, checkId: number): Promise<void> {
  await repo.giveUpPending(db, checkId);
}
