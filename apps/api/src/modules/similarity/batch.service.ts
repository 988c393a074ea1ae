import { sql } from 'drizzle-orm';
import { SIMILARITY_FLAG_PERCENT } from '@lantern/contracts/similarity-enums';
import type { Deps } from '../../lib/deps';
import { rows } from '../../lib/sql';
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
  const claimed = await rows<{ id: number; submission_id: number; text: string | null }>(
    deps.db,
    sql`update similarity_checks c set status = 'running', tries = c.tries + 1, started_at = now(),
          version = c.version + 1
        from submissions s
        where s.id = c.submission_id and c.item_id = ${itemId} and c.provider = 'local' and c.status = 'queued'
        returning c.id::int as id, c.submission_id::int as submission_id, s.text`,
  );
  if (claimed.length === 0) return { ms: 0, checks: 0 };
  const targets: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  const failed: { id: number; error: string }[] = [];
  // Typed answers are stored in one statement (a statement each would be thousands on a
  // deadline); works with files go through extractParts, a file at a time, in the thread.
  const withFiles = new Set(
    (
      await rows<{ submission_id: number }>(
        deps.db,
        sql`select distinct submission_id::int as submission_id from submission_files
            where submission_id = any(${`{${claimed.map((c) => c.submission_id).join(',')}}`}::bigint[])`,
      )
    ).map((r) => r.submission_id),
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
  if (texts.length > 0)
    await deps.db.execute(
      sql`insert into submission_texts (submission_id, part, source, text, words, sha256)
          select t.submission_id, 0, 'text', t.text, t.words, t.sha256
          from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
            as t(submission_id bigint, text text, words int, sha256 text)
          on conflict (submission_id, part) do nothing`,
    );
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
    await tx.execute(
      sql`delete from similarity_matches where check_id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    await tx.execute(
      sql`insert into similarity_matches (check_id, other_submission_id, other_student_id, score, other_score,
                                          longest_words, passages)
          select m.check_id, s.id, s.student_id, m.score, m.other_score, m.longest, m.passages
          from jsonb_to_recordset(${JSON.stringify(matches)}::jsonb)
            as m(check_id bigint, other bigint, score numeric, other_score numeric, longest int, passages jsonb)
          join submissions s on s.id = m.other`,
    );
    await tx.execute(
      sql`update similarity_checks c set status = 'done', score = d.score, words = d.words, flagged = d.flagged,
            error = null, finished_at = now(), version = c.version + 1
          from jsonb_to_recordset(${JSON.stringify(done)}::jsonb)
            as d(id bigint, score numeric, words int, flagged boolean)
          where c.id = d.id`,
    );
    await tx.execute(
      sql`update similarity_checks c set status = 'skipped', error = d.reason, score = null, flagged = false,
            finished_at = now(), version = c.version + 1
          from jsonb_to_recordset(${JSON.stringify(skipped)}::jsonb) as d(id bigint, reason text)
          where c.id = d.id`,
    );
    await tx.execute(
      sql`update similarity_checks c set status = 'failed', error = d.error, finished_at = now(),
            version = c.version + 1
          from jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) as d(id bigint, error text)
          where c.id = d.id`,
    );
  });
  return { ms, checks: claimed.length };
}

/** Words of a stored text, by spaces: the exact count is the submission's own `word_count`. */
function estimateWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
