import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

/** Takes every queued local check of an item to run, with its typed answer. */
export async function claimTaskChecks(db: Db, itemId: number) {
  return rows<{ id: number; submission_id: number; text: string | null }>(
    db,
    sql`update similarity_checks c set status = 'running', tries = c.tries + 1, started_at = now(),
          version = c.version + 1
        from submissions s
        where s.id = c.submission_id and c.item_id = ${itemId} and c.provider = 'local' and c.status = 'queued'
        returning c.id::int as id, c.submission_id::int as submission_id, s.text`,
  );
}

/** Which of the submissions hold files. */
export async function submissionsWithFiles(db: Db, submissionIds: number[]): Promise<number[]> {
  return (
    await rows<{ submission_id: number }>(
      db,
      sql`select distinct submission_id::int as submission_id from submission_files
            where submission_id = any(${`{${submissionIds.join(',')}}`}::bigint[])`,
    )
  ).map((r) => r.submission_id);
}

/** Typed answers' texts, stored in one statement. */
export async function insertTypedTexts(
  db: Db,
  texts: { submission_id: number; text: string; words: number; sha256: string }[],
): Promise<void> {
  await db.execute(
    sql`insert into submission_texts (submission_id, part, source, text, words, sha256)
          select t.submission_id, 0, 'text', t.text, t.words, t.sha256
          from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
            as t(submission_id bigint, text text, words int, sha256 text)
          on conflict (submission_id, part) do nothing`,
  );
}

/** A batch's results: matches replaced, and each check done, skipped or failed. */
export async function storeBatch(
  tx: Db,
  ids: number[],
  results: { matches: unknown[]; done: unknown[]; skipped: unknown[]; failed: unknown[] },
): Promise<void> {
  const { matches, done, skipped, failed } = results;
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
}
