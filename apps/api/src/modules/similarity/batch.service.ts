import { SIMILARITY_FLAG_PERCENT } from '@lantern/contracts/similarity-enums';
import type { Deps } from '../../lib/deps';
import * as repo from './similarity-batch.repository';
import { extractParts, NO_TEXT } from './checks.service';
import { sha256Hex } from './hash';
import { loadCorpus, loadInstructions } from './local-provider';
import { matchInPool } from './pool';

/**
 * A whole task checked at once (an admin's recheck, 0020 §5.2): every queued local check of the
 * item is extracted, then all works are matched in one call to the thread (one index, pairs
 * only through shared fingerprints), and the results are written in one transaction. Checking
 * 2,000 works one by one would build the task's index 2,000 times.
 */
export async function runTaskBatch(
  deps: Deps,
  itemId: number,
): Promise<{ ms: number; checks: number }> {
  const claimed = await repo.claimTaskChecks(deps.db, itemId);
  if (claimed.length === 0) return { ms: 0, checks: 0 };
  const targets: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  const failed: { id: number; error: string }[] = [];
  // Typed answers are stored in one statement (a statement each would be thousands on a
  // deadline); works with files go through extractParts, a file at a time, in the thread.
  const withFiles = new Set(
    await repo.submissionsWithFiles(
      deps.db,
      claimed.map((c) => c.submission_id),
    ),
  );
  const typed = claimed.filter((c) => !withFiles.has(c.submission_id));
  const texts = typed
    .filter((c) => c.text !== null && c.text.trim() !== '')
    .map((c) => ({
      submission_id: c.submission_id,
      text: c.text ?? '',
      words: c.text === null ? 0 : estimateWords(c.text),
      sha256: sha256Hex(c.text ?? ''),
    }));
  if (texts.length > 0) await repo.insertTypedTexts(deps.db, texts);
  const hasText = new Set(texts.map((t) => t.submission_id));
  for (const c of typed) {
    if (hasText.has(c.submission_id)) targets.push(c.submission_id);
    else skipped.push({ id: c.id, reason: NO_TEXT });
  }
  for (const c of claimed.filter((x) => withFiles.has(x.submission_id))) {
    try {
      const { reason } = await extractParts(deps, c);
      if (reason === null) targets.push(c.submission_id);
      else skipped.push({ id: c.id, reason });
    } catch (error) {
      failed.push({ id: c.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const [works, ignored] = await Promise.all([
    loadCorpus(deps.db, itemId, null),
    loadInstructions(deps.db, itemId),
  ]);
  const { results, ms } = targets.length
    ? await matchInPool({ works, ignored, targets })
    : { results: [], ms: 0 };
  const checkOf = new Map(claimed.map((c) => [c.submission_id, c.id]));
  const done = results.map((r) => ({
    id: checkOf.get(r.key),
    score: r.score,
    words: r.words,
    flagged: r.score >= SIMILARITY_FLAG_PERCENT,
  }));
  const matches = results.flatMap((r) =>
    r.matches.map((m) => ({
      check_id: checkOf.get(r.key),
      other: m.key,
      score: m.score,
      other_score: m.otherScore,
      longest: m.longestWords,
      passages: m.passages,
    })),
  );
  await deps.db.transaction(async (tx) => {
    const ids = claimed.map((c) => c.id);
    await repo.storeBatch(tx, ids, { matches, done, skipped, failed });
  });
  return { ms, checks: claimed.length };
}

/** Words of a stored text, by spaces: the exact count is the submission's own `word_count`. */
function estimateWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
