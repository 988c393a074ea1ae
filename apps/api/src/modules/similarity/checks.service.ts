import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import { SIMILARITY_FLAG_PERCENT } from '@lantern/contracts/similarity-enums';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { countWords } from '@lantern/contracts/words';
import type { Deps } from '../../lib/deps';
import { rows } from '../../lib/sql';
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
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into similarity_checks (submission_id, item_id, course_id, provider)
        values (${input.submissionId}, ${input.itemId}, ${input.courseId}, ${input.provider})
        on conflict (submission_id, provider) do nothing
        returning id::int as id`,
  );
  return row?.id ?? null;
}

type CheckRow = {
  id: number;
  submission_id: number;
  item_id: number;
  student_id: number;
  status: string;
  provider: 'local' | 'turnitin';
  text: string | null;
};

async function loadCheck(db: Db, checkId: number): Promise<CheckRow | undefined> {
  const [row] = await rows<CheckRow>(
    db,
    sql`select c.id::int as id, c.submission_id::int as submission_id, c.item_id, s.student_id,
               c.status, c.provider, s.text
        from similarity_checks c join submissions s on s.id = c.submission_id
        where c.id = ${checkId}`,
  );
  return row;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Part = {
  part: number;
  fileId: string | null;
  source: 'text' | 'pdf' | 'docx' | 'txt';
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
  const stored = await rows<{ part: number; text: string; sha256: string }>(
    deps.db,
    sql`select part, text, sha256 from submission_texts where submission_id = ${check.submission_id} order by part`,
  );
  const have = new Map(stored.map((s) => [s.part, s]));
  const fileRows = await rows<{
    file_id: string;
    name: string;
    mime: string;
    sha256: string;
    storage_key: string;
  }>(
    deps.db,
    sql`select f.id as file_id, sf.name, f.mime, f.sha256, f.storage_key
        from submission_files sf join files f on f.id = sf.file_id
        where sf.submission_id = ${check.submission_id}
        order by sf.position, sf.added_at`,
  );
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
    const [same] = await rows<{ text: string; source: Part['source'] }>(
      deps.db,
      sql`select t.text, t.source from submission_texts t join files x on x.id = t.file_id
          where x.sha256 = ${f.sha256} limit 1`,
    );
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
    await deps.db.execute(
      sql`insert into submission_texts (submission_id, part, file_id, source, text, words, sha256)
          values (${check.submission_id}, ${p.part}, ${p.fileId}::uuid, ${p.source}, ${p.text},
                  ${countWordsBounded(p.text)}, ${p.sha256})
          on conflict (submission_id, part) do nothing`,
    );
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
  const [claimed] = await rows<{ id: number }>(
    deps.db,
    sql`update similarity_checks set status = 'running', tries = tries + 1, started_at = now(),
          version = version + 1
        where id = ${checkId} and status in ('queued', 'running', 'failed')
          and (external_id is null or status <> 'running')
        returning id::int as id`,
  );
  if (!claimed) return 'absent';
  const check = await loadCheck(deps.db, checkId);
  if (!check) return 'absent';
  try {
    const { texts, files, reason } = await extractParts(deps, check);
    if (reason !== null) {
      await finishSkipped(deps.db, checkId, reason);
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
    await deps.db.execute(
      sql`update similarity_checks
          set status = ${options.final ? 'failed' : 'queued'}, error = ${sentence(error)},
              finished_at = ${options.final ? sql`now()` : sql`null`}, version = version + 1
          where id = ${checkId}`,
    );
    if (!options.final) throw error;
    return 'failed';
  }
}

async function finishSkipped(db: Db, checkId: number, reason: string) {
  await db.execute(
    sql`update similarity_checks set status = 'skipped', error = ${reason}, score = null,
          flagged = false, finished_at = now(), version = version + 1
        where id = ${checkId}`,
  );
}

/** Stores a provider's answer: matches and score, or a pending external id, or a skip. */
export async function applyResult(
  deps: Deps,
  checkId: number,
  result: ProviderResult,
  provider: SimilarityProvider,
): Promise<RunOutcome> {
  if (result.status === 'skipped') {
    await finishSkipped(deps.db, checkId, result.reason);
    return 'skipped';
  }
  if (result.status === 'pending') {
    await deps.db.execute(
      sql`update similarity_checks set status = 'running', external_id = ${result.externalId},
            error = null, version = version + 1
          where id = ${checkId}`,
    );
    deps.similarity.poll(checkId, 0);
    return 'pending';
  }
  const reverse = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`delete from similarity_matches where check_id = ${checkId}`);
    for (const m of result.matches)
      await tx.execute(
        sql`insert into similarity_matches (check_id, other_submission_id, other_student_id, score, other_score,
                                            longest_words, passages)
            select ${checkId}, s.id, s.student_id, ${m.score}, ${m.otherScore}, ${m.longestWords},
                   ${JSON.stringify(m.passages)}::jsonb
            from submissions s where s.id = ${m.otherSubmissionId}`,
      );
    const [done] = await rows<{ submission_id: number; provider: string }>(
      tx,
      sql`update similarity_checks
          set status = 'done', score = ${result.score}, words = ${result.words},
              flagged = ${result.score >= SIMILARITY_FLAG_PERCENT}, report_url = ${result.reportUrl ?? null},
              error = null, finished_at = now(), version = version + 1
          where id = ${checkId}
          returning submission_id::int as submission_id, provider`,
    );
    return done;
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
  const [me] = await rows<{ student_id: number }>(
    deps.db,
    sql`select student_id from submissions where id = ${submissionId}`,
  );
  if (!me) return;
  for (const m of matches) {
    if (Math.max(m.score, m.otherScore) < REVERSE_PERCENT) continue;
    const [other] = await rows<{ id: number }>(
      deps.db,
      sql`select id::int as id from similarity_checks
          where submission_id = ${m.otherSubmissionId} and provider = 'local' and status = 'done'`,
    );
    if (!other) continue;
    await deps.db.execute(
      sql`insert into similarity_matches (check_id, other_submission_id, other_student_id, score, other_score,
                                          longest_words, passages)
          values (${other.id}, ${submissionId}, ${me.student_id}, ${m.otherScore}, ${m.score}, ${m.longestWords},
                  ${JSON.stringify(m.passages.map(swap))}::jsonb)
          on conflict (check_id, other_submission_id) do update
          set score = excluded.score, other_score = excluded.other_score,
              longest_words = excluded.longest_words, passages = excluded.passages`,
    );
    await rescore(deps, other.id, m.otherSubmissionId);
  }
}

/** A check's score from the union of its matches' passages. */
async function rescore(deps: Deps, checkId: number, submissionId: number) {
  const parts = await rows<{ part: number; text: string; sha256: string }>(
    deps.db,
    sql`select part, text, sha256 from submission_texts where submission_id = ${submissionId} order by part`,
  );
  const passages = await rows<{ passages: SimilarityPassage[] }>(
    deps.db,
    sql`select passages from similarity_matches where check_id = ${checkId}`,
  );
  const ranges = passages.flatMap((r) =>
    r.passages.map((p): [number, number, number] => [p[0], p[1], p[2]]),
  );
  const { covered, total } = await coverInPool(parts, ranges);
  const score = total === 0 ? 0 : Math.round((covered / total) * 10_000) / 100;
  await deps.db.execute(
    sql`update similarity_checks set score = ${score}, flagged = ${score >= SIMILARITY_FLAG_PERCENT},
          version = version + 1
        where id = ${checkId}`,
  );
}

/** Asks an outside provider about a pending check; answers whether it is still pending. */
export async function pollCheck(deps: Deps, checkId: number): Promise<boolean> {
  const [row] = await rows<{
    external_id: string | null;
    provider: 'local' | 'turnitin';
    status: string;
  }>(
    deps.db,
    sql`select external_id, provider, status from similarity_checks where id = ${checkId}`,
  );
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
  await db.execute(
    sql`update similarity_checks set status = 'failed',
          error = 'The similarity service did not answer within a day.', finished_at = now(),
          version = version + 1
        where id = ${checkId} and status = 'running'`,
  );
}
