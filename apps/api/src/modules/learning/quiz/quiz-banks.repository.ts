import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { QuizSettings } from '@lantern/contracts/quiz';
import { intArray, rows } from '../../../lib/sql';

/** The statements of question banks: reads, writes, their use by quizzes, and their copy. */

export async function findBank(
  db: Db,
  bankId: number,
): Promise<{ id: number; course_id: number; version: number; title: string } | undefined> {
  const [bank] = await rows<{ id: number; course_id: number; version: number; title: string }>(
    db,
    sql`select id, course_id, version, title from question_banks where id = ${bankId} and deleted_at is null`,
  );
  return bank;
}

export type BankRow = {
  id: number;
  course_id: number;
  title: string;
  copied_from_bank_id: number | null;
  version: number;
  updated_at: Date | string;
  question_count: number;
  used_by: { itemId: number; title: string }[] | null;
};

/** Quiz items (not deleted) whose settings name a bank, or one of its questions. */
const usedBySql = (bankId: SQL) => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('itemId', i.id, 'title', i.title) order by i.id), '[]'::jsonb)
  from learning_items i
  where i.kind = 'quiz' and i.deleted_at is null and exists (
    select 1 from jsonb_array_elements(i.settings->'slots') s
    where (s->>'type' = 'random' and (s->>'bankId')::int = ${bankId})
       or (s->>'type' = 'fixed' and exists (select 1 from questions q where q.id = (s->>'questionId')::int and q.bank_id = ${bankId}))))`;

const bankSelect = sql`select b.id, b.course_id, b.title, b.copied_from_bank_id, b.version, b.updated_at,
    (select count(*)::int from questions q where q.bank_id = b.id and q.deleted_at is null) as question_count,
    ${usedBySql(sql`b.id`)} as used_by
  from question_banks b`;

export async function findCourseBanks(db: Db, courseId: number): Promise<BankRow[]> {
  return rows<BankRow>(
    db,
    sql`${bankSelect} where b.course_id = ${courseId} and b.deleted_at is null order by b.title, b.id`,
  );
}

export async function findBankRow(db: Db, bankId: number): Promise<BankRow | undefined> {
  const [row] = await rows<BankRow>(db, sql`${bankSelect} where b.id = ${bankId}`);
  return row;
}

export async function insertBank(
  tx: Db,
  courseId: number,
  title: string,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into question_banks (course_id, title) values (${courseId}, ${title}) returning id`,
  );
  return row;
}

/** Renames a bank at the version read; undefined when the version moved. */
export async function renameBank(
  tx: Db,
  bankId: number,
  input: { title: string; version: number },
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update question_banks set title = ${input.title}, version = version + 1, updated_at = now()
          where id = ${bankId} and version = ${input.version} and deleted_at is null returning id`,
  );
  return row;
}

/** The quizzes that draw from the bank or ask one of its questions. */
export async function findBankUse(
  tx: Db,
  bankId: number,
): Promise<{ used_by: { itemId: number; title: string }[] } | undefined> {
  const [use] = await rows<{ used_by: { itemId: number; title: string }[] }>(
    tx,
    sql`select ${usedBySql(sql`${bankId}::int`)} as used_by`,
  );
  return use;
}

/** Tombstones a bank at the version read; undefined when the version moved. */
export async function deleteBankRow(
  tx: Db,
  bankId: number,
  version: number,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update question_banks set deleted_at = now(), version = version + 1, updated_at = now()
          where id = ${bankId} and version = ${version} and deleted_at is null returning id`,
  );
  return row;
}

export async function bumpBank(tx: Db, bankId: number): Promise<void> {
  await tx.execute(
    sql`update question_banks set version = version + 1, updated_at = now() where id = ${bankId}`,
  );
}

// ---------------------------------------------------------------- quiz settings

/** The fixed questions among `fixedIds` that are live in a live bank of the course. */
export async function findFixedQuestions(
  db: Db,
  courseId: number,
  fixedIds: number[],
): Promise<{ id: number; bank_id: number }[]> {
  return rows<{ id: number; bank_id: number }>(
    db,
    sql`select q.id, q.bank_id from questions q join question_banks b on b.id = q.bank_id and b.deleted_at is null
        where q.id = any(${intArray(fixedIds)}) and q.course_id = ${courseId} and q.deleted_at is null`,
  );
}

/** The live banks among `bankIds` of the course, with their live question counts. */
export async function findLiveBanks(
  db: Db,
  courseId: number,
  bankIds: number[],
): Promise<{ id: number; title: string; live: number }[]> {
  return rows<{ id: number; title: string; live: number }>(
    db,
    sql`select b.id, b.title, (select count(*)::int from questions q where q.bank_id = b.id and q.deleted_at is null) as live
        from question_banks b where b.id = any(${intArray(bankIds)}) and b.course_id = ${courseId} and b.deleted_at is null`,
  );
}

// ---------------------------------------------------------------- copy with a course

export async function findBanksToCopy(
  tx: Db,
  from: number,
): Promise<{ id: number; title: string }[]> {
  return rows<{ id: number; title: string }>(
    tx,
    sql`select id, title from question_banks where course_id = ${from} and deleted_at is null order by id`,
  );
}

export async function insertBankCopy(
  tx: Db,
  to: number,
  bank: { id: number; title: string },
): Promise<{ id: number } | undefined> {
  const [nb] = await rows<{ id: number }>(
    tx,
    sql`insert into question_banks (course_id, title, copied_from_bank_id)
          values (${to}, ${bank.title}, ${bank.id}) returning id`,
  );
  return nb;
}

export async function findLiveQuestionIds(tx: Db, bankId: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    tx,
    sql`select id from questions where bank_id = ${bankId} and deleted_at is null order by id`,
  );
}

export async function insertQuestionCopy(
  tx: Db,
  questionId: number,
  bankId: number,
  to: number,
): Promise<{ id: number } | undefined> {
  const [nq] = await rows<{ id: number }>(
    tx,
    sql`insert into questions (bank_id, course_id, kind, title, prompt, data, default_points, general_feedback)
            select ${bankId}, ${to}, kind, title, prompt, data, default_points, general_feedback
            from questions where id = ${questionId} returning id`,
  );
  return nq;
}

/** The first version of each copied question. */
export async function insertFirstVersions(tx: Db, questionIds: number[]): Promise<void> {
  await tx.execute(
    sql`insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback)
          select id, version, kind, title, prompt, data, general_feedback from questions
          where id = any(${intArray(questionIds)})`,
  );
}

export async function findCopiedQuizzes(
  tx: Db,
  itemIds: number[],
): Promise<{ id: number; copied_from_item_id: number; settings: QuizSettings }[]> {
  return rows<{ id: number; copied_from_item_id: number; settings: QuizSettings }>(
    tx,
    sql`select id, copied_from_item_id, settings from learning_items
        where id = any(${intArray(itemIds)}) and kind = 'quiz'`,
  );
}

export async function setQuizSettings(
  tx: Db,
  itemId: number,
  settings: QuizSettings,
): Promise<void> {
  await tx.execute(
    sql`update learning_items set settings = ${JSON.stringify(settings)}::jsonb
          where id = ${itemId}`,
  );
}

/** The copied quiz's item-wide session: the rules of the one it was copied from, no dates. */
export async function copyItemSession(
  tx: Db,
  quiz: { id: number; copied_from_item_id: number },
): Promise<void> {
  await tx.execute(
    sql`insert into quiz_sessions (item_id, class_id, time_limit_seconds, attempts_allowed, grading_method, review, allowed_offline)
          select ${quiz.id}, null, time_limit_seconds, attempts_allowed, grading_method, review, allowed_offline
          from quiz_sessions where item_id = ${quiz.copied_from_item_id} and class_id is null
          on conflict do nothing`,
  );
}
