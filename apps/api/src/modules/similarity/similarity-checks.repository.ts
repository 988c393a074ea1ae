import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import { SIMILARITY_FLAG_PERCENT } from '@lantern/contracts/similarity-enums';
import type { SimilarityBadge } from '@lantern/contracts/similarity';
import { rows } from '../../lib/sql';

/** Where a part's text was read from. */
export type TextSource = 'text' | 'pdf' | 'docx' | 'txt';

export async function insertCheck(
  tx: Db,
  input: { submissionId: number; itemId: number; courseId: number; provider: 'local' | 'turnitin' },
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into similarity_checks (submission_id, item_id, course_id, provider)
        values (${input.submissionId}, ${input.itemId}, ${input.courseId}, ${input.provider})
        on conflict (submission_id, provider) do nothing
        returning id::int as id`,
  );
  return row?.id ?? null;
}

export type CheckRow = {
  id: number;
  submission_id: number;
  item_id: number;
  student_id: number;
  status: string;
  provider: 'local' | 'turnitin';
  text: string | null;
};

export async function loadCheck(db: Db, checkId: number): Promise<CheckRow | undefined> {
  const [row] = await rows<CheckRow>(
    db,
    sql`select c.id::int as id, c.submission_id::int as submission_id, c.item_id, s.student_id,
               c.status, c.provider, s.text
        from similarity_checks c join submissions s on s.id = c.submission_id
        where c.id = ${checkId}`,
  );
  return row;
}

/** The texts already read of a submission's parts. */
export async function storedTexts(db: Db, submissionId: number) {
  return rows<{ part: number; text: string; sha256: string }>(
    db,
    sql`select part, text, sha256 from submission_texts where submission_id = ${submissionId} order by part`,
  );
}

export async function submissionFiles(db: Db, submissionId: number) {
  return rows<{
    file_id: string;
    name: string;
    mime: string;
    sha256: string;
    storage_key: string;
  }>(
    db,
    sql`select f.id as file_id, sf.name, f.mime, f.sha256, f.storage_key
        from submission_files sf join files f on f.id = sf.file_id
        where sf.submission_id = ${submissionId}
        order by sf.position, sf.added_at`,
  );
}

/** The text read before from a file of the same bytes, if any. */
export async function textOfSameFile(db: Db, sha256: string) {
  const [same] = await rows<{ text: string; source: TextSource }>(
    db,
    sql`select t.text, t.source from submission_texts t join files x on x.id = t.file_id
          where x.sha256 = ${sha256} limit 1`,
  );
  return same;
}

export async function insertSubmissionText(
  db: Db,
  submissionId: number,
  p: { part: number; fileId: string | null; source: string; text: string; sha256: string },
  words: number,
): Promise<void> {
  await db.execute(
    sql`insert into submission_texts (submission_id, part, file_id, source, text, words, sha256)
          values (${submissionId}, ${p.part}, ${p.fileId}::uuid, ${p.source}, ${p.text},
                  ${words}, ${p.sha256})
          on conflict (submission_id, part) do nothing`,
  );
}

/** Takes a check to run; false when it is not there to run. */
export async function claimCheck(db: Db, checkId: number): Promise<boolean> {
  const [claimed] = await rows<{ id: number }>(
    db,
    sql`update similarity_checks set status = 'running', tries = tries + 1, started_at = now(),
          version = version + 1
        where id = ${checkId} and status in ('queued', 'running', 'failed')
          and (external_id is null or status <> 'running')
        returning id::int as id`,
  );
  return claimed !== undefined;
}

/** A failed try: queued again, or failed for good on the last try. */
export async function markCheckError(
  db: Db,
  checkId: number,
  final: boolean,
  error: string,
): Promise<void> {
  await db.execute(
    sql`update similarity_checks
          set status = ${final ? 'failed' : 'queued'}, error = ${error},
              finished_at = ${final ? sql`now()` : sql`null`}, version = version + 1
          where id = ${checkId}`,
  );
}

export async function finishSkipped(db: Db, checkId: number, reason: string) {
  await db.execute(
    sql`update similarity_checks set status = 'skipped', error = ${reason}, score = null,
          flagged = false, finished_at = now(), version = version + 1
        where id = ${checkId}`,
  );
}

export async function markPending(db: Db, checkId: number, externalId: string): Promise<void> {
  await db.execute(
    sql`update similarity_checks set status = 'running', external_id = ${externalId},
            error = null, version = version + 1
          where id = ${checkId}`,
  );
}

export async function deleteMatches(tx: Db, checkId: number): Promise<void> {
  await tx.execute(sql`delete from similarity_matches where check_id = ${checkId}`);
}

export async function insertMatch(
  tx: Db,
  checkId: number,
  m: {
    otherSubmissionId: number;
    score: number;
    otherScore: number;
    longestWords: number;
    passages: SimilarityPassage[];
  },
): Promise<void> {
  await tx.execute(
    sql`insert into similarity_matches (check_id, other_submission_id, other_student_id, score, other_score,
                                            longest_words, passages)
            select ${checkId}, s.id, s.student_id, ${m.score}, ${m.otherScore}, ${m.longestWords},
                   ${JSON.stringify(m.passages)}::jsonb
            from submissions s where s.id = ${m.otherSubmissionId}`,
  );
}

export async function markDone(
  tx: Db,
  checkId: number,
  result: { score: number; words: number; reportUrl?: string | undefined },
) {
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
}

export async function studentOfSubmission(db: Db, submissionId: number) {
  const [me] = await rows<{ student_id: number }>(
    db,
    sql`select student_id from submissions where id = ${submissionId}`,
  );
  return me;
}

/** The finished local check of a submission, if any. */
export async function doneLocalCheck(db: Db, submissionId: number) {
  const [other] = await rows<{ id: number }>(
    db,
    sql`select id::int as id from similarity_checks
          where submission_id = ${submissionId} and provider = 'local' and status = 'done'`,
  );
  return other;
}

export async function upsertMirroredMatch(
  db: Db,
  m: {
    checkId: number;
    submissionId: number;
    studentId: number;
    score: number;
    otherScore: number;
    longestWords: number;
    passages: SimilarityPassage[];
  },
): Promise<void> {
  await db.execute(
    sql`insert into similarity_matches (check_id, other_submission_id, other_student_id, score, other_score,
                                          longest_words, passages)
          values (${m.checkId}, ${m.submissionId}, ${m.studentId}, ${m.score}, ${m.otherScore}, ${m.longestWords},
                  ${JSON.stringify(m.passages)}::jsonb)
          on conflict (check_id, other_submission_id) do update
          set score = excluded.score, other_score = excluded.other_score,
              longest_words = excluded.longest_words, passages = excluded.passages`,
  );
}

export async function matchPassages(db: Db, checkId: number) {
  return rows<{ passages: SimilarityPassage[] }>(
    db,
    sql`select passages from similarity_matches where check_id = ${checkId}`,
  );
}

export async function setScore(db: Db, checkId: number, score: number): Promise<void> {
  await db.execute(
    sql`update similarity_checks set score = ${score}, flagged = ${score >= SIMILARITY_FLAG_PERCENT},
          version = version + 1
        where id = ${checkId}`,
  );
}

export async function pollRow(db: Db, checkId: number) {
  const [row] = await rows<{
    external_id: string | null;
    provider: 'local' | 'turnitin';
    status: string;
  }>(db, sql`select external_id, provider, status from similarity_checks where id = ${checkId}`);
  return row;
}

export async function giveUpPending(db: Db, checkId: number): Promise<void> {
  await db.execute(
    sql`update similarity_checks set status = 'failed',
          error = 'The similarity service did not answer within a day.', finished_at = now(),
          version = version + 1
        where id = ${checkId} and status = 'running'`,
  );
}

/** A turnitin check by the service's id. */
export async function turnitinCheck(db: Db, externalId: string) {
  const [check] = await rows<{ id: number; status: string }>(
    db,
    sql`select id::int as id, status from similarity_checks
        where provider = 'turnitin' and external_id = ${externalId}`,
  );
  return check;
}

/** The latest check of each submission, the configured provider's first. */
export async function badgeRows(db: Db, submissionIds: number[], provider: string) {
  return rows<{
    submission_id: number;
    status: NonNullable<SimilarityBadge>['status'];
    score: string | number | null;
    flagged: boolean;
  }>(
    db,
    sql`select distinct on (c.submission_id) c.submission_id::int as submission_id, c.status, c.score, c.flagged
        from similarity_checks c
        where c.submission_id = any(${`{${submissionIds.join(',')}}`}::bigint[])
        order by c.submission_id, (c.provider = ${provider}) desc, c.id desc`,
  );
}
