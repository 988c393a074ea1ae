import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { QuestionKind } from '@lantern/contracts/quiz';
import { intArray, rows } from '../../../lib/sql';

/** The statements of questions and their immutable versions. */

export async function findQuestionToAuthor(
  db: Db,
  questionId: number,
): Promise<
  | { id: number; bank_id: number; course_id: number; version: number; kind: QuestionKind }
  | undefined
> {
  const [q] = await rows<{
    id: number;
    bank_id: number;
    course_id: number;
    version: number;
    kind: QuestionKind;
  }>(
    db,
    sql`select q.id, q.bank_id, q.course_id, q.version, q.kind from questions q
        join question_banks b on b.id = q.bank_id and b.deleted_at is null
        where q.id = ${questionId} and q.deleted_at is null`,
  );
  return q;
}

export type QuestionRowDb = {
  id: number;
  bank_id: number;
  course_id: number;
  kind: QuestionKind;
  title: string;
  prompt: string;
  data: unknown;
  default_points: string | number;
  general_feedback: string;
  version: number;
  updated_at: Date | string;
};

export async function findQuestion(db: Db, id: number): Promise<QuestionRowDb | undefined> {
  const [r] = await rows<QuestionRowDb>(db, sql`select * from questions where id = ${id}`);
  return r;
}

export async function findBankQuestionRows(db: Db, bankId: number): Promise<QuestionRowDb[]> {
  return rows<QuestionRowDb>(
    db,
    sql`select * from questions where bank_id = ${bankId} and deleted_at is null order by id`,
  );
}

/** A question as stored: its data as JSON, its texts sanitised. */
export type StoredQuestion = {
  kind: QuestionKind;
  title: string;
  prompt: string;
  data: unknown;
  defaultPoints: number;
  generalFeedback: string;
};

/** The question's current state as a new version, by its author. */
export async function writeVersion(tx: Db, createdBy: number, questionId: number): Promise<void> {
  await tx.execute(
    sql`insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback, created_by)
        select id, version, kind, title, prompt, data, general_feedback, ${createdBy}
        from questions where id = ${questionId}`,
  );
}

export async function insertQuestion(
  tx: Db,
  bank: { id: number; course_id: number },
  q: StoredQuestion,
): Promise<{ id: number } | undefined> {
  const bankId = bank.id;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into questions (bank_id, course_id, kind, title, prompt, data, default_points, general_feedback)
          values (${bankId}, ${bank.course_id}, ${q.kind}, ${q.title}, ${q.prompt}, ${JSON.stringify(q.data)}::jsonb,
            ${q.defaultPoints}, ${q.generalFeedback})
          returning id`,
  );
  return row;
}

/** Edits a question at the version read; undefined when the version moved. */
export async function updateQuestionRow(
  tx: Db,
  questionId: number,
  version: number,
  q: StoredQuestion,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update questions set title = ${q.title}, prompt = ${q.prompt}, data = ${JSON.stringify(q.data)}::jsonb,
            default_points = ${q.defaultPoints}, general_feedback = ${q.generalFeedback},
            version = version + 1, updated_at = now()
          where id = ${questionId} and version = ${version} and deleted_at is null returning id`,
  );
  return row;
}

/** A quiz (not deleted) that asks the question as a fixed one. */
export async function findQuestionUse(
  tx: Db,
  questionId: number,
): Promise<{ title: string } | undefined> {
  const [use] = await rows<{ title: string }>(
    tx,
    sql`select i.title from learning_items i
          where i.kind = 'quiz' and i.deleted_at is null and exists (
            select 1 from jsonb_array_elements(i.settings->'slots') s
            where s->>'type' = 'fixed' and (s->>'questionId')::int = ${questionId})
          limit 1`,
  );
  return use;
}

/** Tombstones a question at the version read; undefined when the version moved. */
export async function deleteQuestionRow(
  tx: Db,
  questionId: number,
  version: number,
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update questions set deleted_at = now(), updated_at = now()
          where id = ${questionId} and version = ${version} and deleted_at is null returning id`,
  );
  return row;
}

// ---------------------------------------------------------------- versions, as attempts read them

export type VersionRow = {
  question_id: number;
  version: number;
  kind: QuestionKind;
  title: string;
  prompt: string;
  data: unknown;
  general_feedback: string;
};

export async function findQuestionVersions(
  db: Db,
  missing: readonly { id: number; version: number }[],
): Promise<VersionRow[]> {
  return rows<VersionRow>(
    db,
    sql`select v.question_id, v.version, v.kind, v.title, v.prompt, v.data, v.general_feedback
          from question_versions v
          join unnest(${intArray(missing.map((m) => m.id))}, ${intArray(missing.map((m) => m.version))})
            as w(id, version) on w.id = v.question_id and w.version = v.version`,
  );
}

/** The live questions of a bank (id and current version). */
export async function findLiveQuestions(
  db: Db,
  bankId: number,
): Promise<{ id: number; version: number }[]> {
  return rows<{ id: number; version: number }>(
    db,
    sql`select id, version from questions where bank_id = ${bankId} and deleted_at is null order by id`,
  );
}

// ---------------------------------------------------------------- general feedback, sanitised once

/** The next batch of questions with a general feedback, by id after `after`. */
export async function findFeedbackBatch(
  tx: Db,
  after: number,
  batch: number,
): Promise<{ id: number; general_feedback: string }[]> {
  return rows<{ id: number; general_feedback: string }>(
    tx,
    sql`select id, general_feedback from questions
            where id > ${after} and general_feedback <> '' order by id limit ${batch}`,
  );
}

export async function setFeedback(tx: Db, id: number, clean: string): Promise<void> {
  await tx.execute(sql`update questions set general_feedback = ${clean} where id = ${id}`);
}

/** The next batch of question versions with a general feedback, after `afterKey`. */
export async function findVersionFeedbackBatch(
  tx: Db,
  afterKey: { id: number; version: number },
  batch: number,
): Promise<{ question_id: number; version: number; general_feedback: string }[]> {
  return rows<{ question_id: number; version: number; general_feedback: string }>(
    tx,
    sql`select question_id, version, general_feedback from question_versions
            where (question_id, version) > (${afterKey.id}, ${afterKey.version})
              and general_feedback <> ''
            order by question_id, version limit ${batch}`,
  );
}

export async function setVersionFeedback(
  tx: Db,
  row: { question_id: number; version: number },
  clean: string,
): Promise<void> {
  await tx.execute(
    sql`update question_versions set general_feedback = ${clean}
              where question_id = ${row.question_id} and version = ${row.version}`,
  );
}
