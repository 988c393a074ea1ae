import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  QUESTION_DATA_SCHEMAS,
  type Bank,
  type BankInput,
  type BankQuestions,
  type Question,
  type QuestionData,
  type QuestionInput,
  type QuestionKind,
  type QuizSettings,
  type TryResult,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import { sanitiseRichText } from '../../../lib/rich-text';
import { intArray, rows } from '../../../lib/sql';
import { checkResponse } from './responses';
import { scoreResponse } from './scoring';

// Question banks and their questions (decision 0020 §3.1, §3.8): authored by the course's
// authors; every edit writes a question version (an attempt reads the version it drew) and
// raises the bank's version; deletion is a tombstone, refused while a quiz uses it.

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const stale = (what: string) =>
  new AppError(
    409,
    'STALE_VERSION',
    `Someone else changed ${what} while you were editing. Reload to see their changes, then edit again.`,
  );

// ---------------------------------------------------------------- reach

/** The bank if the caller may author its course, else 404. */
async function bankToAuthor(db: Db, auth: AuthContext, bankId: number) {
  const [bank] = await rows<{ id: number; course_id: number; version: number; title: string }>(
    db,
    sql`select id, course_id, version, title from question_banks where id = ${bankId} and deleted_at is null`,
  );
  if (!bank) throw notFound('The question bank');
  await loadCourseToAuthor(db, auth, bank.course_id).catch(() => {
    throw notFound('The question bank');
  });
  return bank;
}

async function questionToAuthor(db: Db, auth: AuthContext, questionId: number) {
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
  if (!q) throw notFound('The question');
  await loadCourseToAuthor(db, auth, q.course_id).catch(() => {
    throw notFound('The question');
  });
  return q;
}

// ---------------------------------------------------------------- banks

type BankRow = {
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
const usedBySql = (bankId: ReturnType<typeof sql>) => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('itemId', i.id, 'title', i.title) order by i.id), '[]'::jsonb)
  from learning_items i
  where i.kind = 'quiz' and i.deleted_at is null and exists (
    select 1 from jsonb_array_elements(i.settings->'slots') s
    where (s->>'type' = 'random' and (s->>'bankId')::int = ${bankId})
       or (s->>'type' = 'fixed' and exists (select 1 from questions q where q.id = (s->>'questionId')::int and q.bank_id = ${bankId}))))`;

const toBank = (r: BankRow): Bank => ({
  id: r.id,
  courseId: r.course_id,
  title: r.title,
  questionCount: r.question_count,
  copiedFromBankId: r.copied_from_bank_id,
  version: r.version,
  updatedAt: iso(r.updated_at),
  usedBy: r.used_by ?? [],
});

const bankSelect = sql`select b.id, b.course_id, b.title, b.copied_from_bank_id, b.version, b.updated_at,
    (select count(*)::int from questions q where q.bank_id = b.id and q.deleted_at is null) as question_count,
    ${usedBySql(sql`b.id`)} as used_by
  from question_banks b`;

export async function listBanks(deps: Deps, auth: AuthContext, courseId: number) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const list = await rows<BankRow>(
    deps.db,
    sql`${bankSelect} where b.course_id = ${courseId} and b.deleted_at is null order by b.title, b.id`,
  );
  return { items: list.map(toBank) };
}

async function readBank(db: Db, bankId: number): Promise<Bank> {
  const [row] = await rows<BankRow>(db, sql`${bankSelect} where b.id = ${bankId}`);
  if (!row) throw notFound('The question bank');
  return toBank(row);
}

export async function createBank(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: BankInput,
) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into question_banks (course_id, title) values (${courseId}, ${input.title}) returning id`,
    );
    if (!row) throw notFound('The course');
    await audit(tx, auth, {
      action: 'question_bank.created',
      entityType: 'question_bank',
      entityId: row.id,
      changes: { title: input.title },
    });
    return row.id;
  });
  return readBank(deps.db, id);
}

export async function updateBank(
  deps: Deps,
  auth: AuthContext,
  bankId: number,
  input: BankInput & { version: number },
) {
  const bank = await bankToAuthor(deps.db, auth, bankId);
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update question_banks set title = ${input.title}, version = version + 1, updated_at = now()
          where id = ${bankId} and version = ${input.version} and deleted_at is null returning id`,
    );
    if (!row) throw stale('this question bank');
    await audit(tx, auth, {
      action: 'question_bank.updated',
      entityType: 'question_bank',
      entityId: bankId,
      changes: { title: [bank.title, input.title] },
    });
  });
  return readBank(deps.db, bankId);
}

const inUse = (title: string, what = 'This question bank') =>
  new AppError(409, 'IN_USE', `${what} is used by the quiz “${title}”: remove it there first.`);

export async function deleteBank(deps: Deps, auth: AuthContext, bankId: number, version: number) {
  await bankToAuthor(deps.db, auth, bankId);
  await deps.db.transaction(async (tx) => {
    const [use] = await rows<{ used_by: { itemId: number; title: string }[] }>(
      tx,
      sql`select ${usedBySql(sql`${bankId}::int`)} as used_by`,
    );
    const first = use?.used_by[0];
    if (first) throw inUse(first.title);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update question_banks set deleted_at = now(), version = version + 1, updated_at = now()
          where id = ${bankId} and version = ${version} and deleted_at is null returning id`,
    );
    if (!row) throw stale('this question bank');
    await audit(tx, auth, {
      action: 'question_bank.deleted',
      entityType: 'question_bank',
      entityId: bankId,
    });
  });
}

// ---------------------------------------------------------------- questions

const newPartId = () => randomBytes(6).toString('hex').slice(0, 8);

/**
 * The question's data with every choice, pair and answer id filled in: ids the author's form
 * sent back are kept (so responses stay meaningful across versions), new parts get new ones.
 */
export function withPartIds(kind: QuestionKind, data: unknown): QuestionData['data'] {
  const seen = new Set<string>();
  const fill = <T extends { id?: string | undefined }>(part: T): T & { id: string } => {
    let id = part.id;
    if (!id || seen.has(id)) id = newPartId();
    seen.add(id);
    return { ...part, id };
  };
  const d = data as Record<string, unknown>;
  switch (kind) {
    case 'single':
    case 'multiple':
      return { ...d, choices: (d.choices as { id?: string }[]).map(fill) } as QuestionData['data'];
    case 'short_answer':
    case 'numeric':
      return { ...d, answers: (d.answers as { id?: string }[]).map(fill) } as QuestionData['data'];
    case 'matching': {
      const pairs = (d.pairs as { id?: string; answerId?: string }[]).map((p) => {
        const withId = fill(p);
        const answerId = fill({ id: p.answerId }).id;
        return { ...withId, answerId };
      });
      return {
        ...d,
        pairs,
        extraAnswers: ((d.extraAnswers as { id?: string }[] | undefined) ?? []).map(fill),
      } as QuestionData['data'];
    }
    default:
      return d as QuestionData['data'];
  }
}

type QuestionRowDb = {
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

const toQuestion = (r: QuestionRowDb): Question =>
  ({
    id: r.id,
    bankId: r.bank_id,
    courseId: r.course_id,
    kind: r.kind,
    title: r.title,
    prompt: r.prompt,
    data: r.data,
    defaultPoints: Number(r.default_points),
    generalFeedback: r.general_feedback,
    version: r.version,
    updatedAt: iso(r.updated_at),
  }) as Question;

async function readQuestion(db: Db, id: number): Promise<Question> {
  const [r] = await rows<QuestionRowDb>(db, sql`select * from questions where id = ${id}`);
  if (!r) throw notFound('The question');
  return toQuestion(r);
}

export async function listQuestions(
  deps: Deps,
  auth: AuthContext,
  bankId: number,
): Promise<BankQuestions> {
  await bankToAuthor(deps.db, auth, bankId);
  const list = await rows<QuestionRowDb>(
    deps.db,
    sql`select * from questions where bank_id = ${bankId} and deleted_at is null order by id`,
  );
  return {
    bank: await readBank(deps.db, bankId),
    items: list.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      defaultPoints: Number(r.default_points),
      version: r.version,
      updatedAt: iso(r.updated_at),
    })),
  };
}

export async function getQuestion(deps: Deps, auth: AuthContext, questionId: number) {
  await questionToAuthor(deps.db, auth, questionId);
  return readQuestion(deps.db, questionId);
}

async function stored(input: QuestionInput) {
  // The route parsed the body already; parsing again here fills the defaults for the types.
  const data = withPartIds(input.kind, QUESTION_DATA_SCHEMAS[input.kind].parse(input.data));
  return {
    kind: input.kind,
    title: input.title.trim(),
    prompt: await sanitiseRichText(input.prompt ?? '', 'prompt'),
    data,
    defaultPoints: input.defaultPoints ?? 1,
    generalFeedback: await sanitiseRichText(input.generalFeedback ?? '', 'generalFeedback'),
  };
}

async function writeVersion(tx: Db, auth: AuthContext, questionId: number) {
  await tx.execute(
    sql`insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback, created_by)
        select id, version, kind, title, prompt, data, general_feedback, ${auth.user.jwlId}
        from questions where id = ${questionId}`,
  );
}

const bumpBank = (tx: Db, bankId: number) =>
  tx.execute(
    sql`update question_banks set version = version + 1, updated_at = now() where id = ${bankId}`,
  );

export async function createQuestion(
  deps: Deps,
  auth: AuthContext,
  bankId: number,
  input: QuestionInput,
) {
  const bank = await bankToAuthor(deps.db, auth, bankId);
  const q = await stored(input);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into questions (bank_id, course_id, kind, title, prompt, data, default_points, general_feedback)
          values (${bankId}, ${bank.course_id}, ${q.kind}, ${q.title}, ${q.prompt}, ${JSON.stringify(q.data)}::jsonb,
            ${q.defaultPoints}, ${q.generalFeedback})
          returning id`,
    );
    if (!row) throw notFound('The question bank');
    await writeVersion(tx, auth, row.id);
    await bumpBank(tx, bankId);
    await audit(tx, auth, {
      action: 'question.created',
      entityType: 'question',
      entityId: row.id,
      changes: { bankId, kind: q.kind, title: q.title },
    });
    return row.id;
  });
  return readQuestion(deps.db, id);
}

export async function updateQuestion(
  deps: Deps,
  auth: AuthContext,
  questionId: number,
  input: QuestionInput & { version: number },
) {
  const found = await questionToAuthor(deps.db, auth, questionId);
  if (input.kind !== found.kind)
    throw invalidFields({ kind: 'A question keeps its kind: add a new question instead.' });
  const q = await stored(input);
  await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update questions set title = ${q.title}, prompt = ${q.prompt}, data = ${JSON.stringify(q.data)}::jsonb,
            default_points = ${q.defaultPoints}, general_feedback = ${q.generalFeedback},
            version = version + 1, updated_at = now()
          where id = ${questionId} and version = ${input.version} and deleted_at is null returning id`,
    );
    if (!row) throw stale('this question');
    await writeVersion(tx, auth, questionId);
    await bumpBank(tx, found.bank_id);
    await audit(tx, auth, {
      action: 'question.updated',
      entityType: 'question',
      entityId: questionId,
      changes: { title: q.title },
    });
  });
  return readQuestion(deps.db, questionId);
}

export async function deleteQuestion(
  deps: Deps,
  auth: AuthContext,
  questionId: number,
  version: number,
) {
  const found = await questionToAuthor(deps.db, auth, questionId);
  await deps.db.transaction(async (tx) => {
    const [use] = await rows<{ title: string }>(
      tx,
      sql`select i.title from learning_items i
          where i.kind = 'quiz' and i.deleted_at is null and exists (
            select 1 from jsonb_array_elements(i.settings->'slots') s
            where s->>'type' = 'fixed' and (s->>'questionId')::int = ${questionId})
          limit 1`,
    );
    if (use) throw inUse(use.title, 'This question');
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update questions set deleted_at = now(), updated_at = now()
          where id = ${questionId} and version = ${version} and deleted_at is null returning id`,
    );
    if (!row) throw stale('this question');
    await bumpBank(tx, found.bank_id);
    await audit(tx, auth, {
      action: 'question.deleted',
      entityType: 'question',
      entityId: questionId,
    });
  });
}

/** The author's preview: how a response would score (nothing stored). */
export async function tryQuestion(
  deps: Deps,
  auth: AuthContext,
  questionId: number,
  response: unknown,
): Promise<TryResult> {
  await questionToAuthor(deps.db, auth, questionId);
  const q = await readQuestion(deps.db, questionId);
  const checked = checkResponse(q, response);
  if (!checked.ok) throw invalidFields({ response: checked.reason });
  const s = scoreResponse(q, checked.response);
  return { fraction: s.fraction, state: s.state, feedback: s.feedback, problem: s.problem };
}

// ---------------------------------------------------------------- quiz settings

/**
 * Checks a quiz's slots against the course's banks (each fixed question and each bank of this
 * course, and enough questions in a bank for what is drawn from it) and answers the quiz's
 * points: the sum of its slots' (decision 0020 §1.1).
 */
export async function checkQuizSettings(
  db: Db,
  courseId: number,
  settings: QuizSettings,
): Promise<number> {
  const fixedIds = settings.slots.flatMap((s) => (s.type === 'fixed' ? [s.questionId] : []));
  const bankIds = settings.slots.flatMap((s) => (s.type === 'random' ? [s.bankId] : []));
  const fixed = await rows<{ id: number; bank_id: number }>(
    db,
    sql`select q.id, q.bank_id from questions q join question_banks b on b.id = q.bank_id and b.deleted_at is null
        where q.id = any(${intArray(fixedIds)}) and q.course_id = ${courseId} and q.deleted_at is null`,
  );
  const known = new Set(fixed.map((f) => f.id));
  if (fixedIds.some((id) => !known.has(id)))
    throw invalidFields({
      slots: 'A question of this quiz is not in a question bank of this course.',
    });
  const banks = await rows<{ id: number; title: string; live: number }>(
    db,
    sql`select b.id, b.title, (select count(*)::int from questions q where q.bank_id = b.id and q.deleted_at is null) as live
        from question_banks b where b.id = any(${intArray(bankIds)}) and b.course_id = ${courseId} and b.deleted_at is null`,
  );
  for (const id of bankIds) {
    const bank = banks.find((b) => b.id === id);
    if (!bank)
      throw invalidFields({ slots: 'A question bank of this quiz is not one of this course.' });
    const drawn =
      settings.slots.reduce(
        (n, s) => n + (s.type === 'random' && s.bankId === id ? s.count : 0),
        0,
      ) + fixed.filter((f) => f.bank_id === id).length;
    if (drawn > bank.live)
      throw invalidFields({
        slots: `The bank “${bank.title}” holds ${String(bank.live)} questions: this quiz draws ${String(drawn)}.`,
      });
  }
  const sum = settings.slots.reduce(
    (n, s) => n + (s.type === 'fixed' ? s.points : s.count * s.pointsEach),
    0,
  );
  if (sum > 10_000) throw invalidFields({ slots: 'At most 10,000 points in all.' });
  return Math.round(sum * 100) / 100;
}

// ---------------------------------------------------------------- copy with a course

/**
 * Copies the banks of one course into another (a course copied from an earlier run), and
 * remaps `bankId` and `questionId` in the copied quizzes' settings. In the copy's transaction.
 */
export async function copyQuestionBanks(tx: Db, from: number, to: number, itemIds: number[]) {
  const banks = await rows<{ id: number; title: string }>(
    tx,
    sql`select id, title from question_banks where course_id = ${from} and deleted_at is null order by id`,
  );
  const bankMap = new Map<number, number>();
  const qMap = new Map<number, number>();
  // A copy is rare and a course holds hundreds of questions at most: one insert each keeps the
  // mapping plain.
  for (const bank of banks) {
    const [nb] = await rows<{ id: number }>(
      tx,
      sql`insert into question_banks (course_id, title, copied_from_bank_id)
          values (${to}, ${bank.title}, ${bank.id}) returning id`,
    );
    if (!nb) continue;
    bankMap.set(bank.id, nb.id);
    const qs = await rows<{ id: number }>(
      tx,
      sql`select id from questions where bank_id = ${bank.id} and deleted_at is null order by id`,
    );
    for (const q of qs) {
      const [nq] = await rows<{ id: number }>(
        tx,
        sql`insert into questions (bank_id, course_id, kind, title, prompt, data, default_points, general_feedback)
            select ${nb.id}, ${to}, kind, title, prompt, data, default_points, general_feedback
            from questions where id = ${q.id} returning id`,
      );
      if (nq) qMap.set(q.id, nq.id);
    }
  }
  if (qMap.size > 0)
    await tx.execute(
      sql`insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback)
          select id, version, kind, title, prompt, data, general_feedback from questions
          where id = any(${intArray([...qMap.values()])})`,
    );
  const quizzes = await rows<{ id: number; copied_from_item_id: number; settings: QuizSettings }>(
    tx,
    sql`select id, copied_from_item_id, settings from learning_items
        where id = any(${intArray(itemIds)}) and kind = 'quiz'`,
  );
  for (const quiz of quizzes) {
    const slots = quiz.settings.slots.map((s) =>
      s.type === 'fixed'
        ? { ...s, questionId: qMap.get(s.questionId) ?? s.questionId }
        : { ...s, bankId: bankMap.get(s.bankId) ?? s.bankId },
    );
    await tx.execute(
      sql`update learning_items set settings = ${JSON.stringify({ ...quiz.settings, slots })}::jsonb
          where id = ${quiz.id}`,
    );
    // The item-wide session's rules come along; its dates belonged to the other run.
    await tx.execute(
      sql`insert into quiz_sessions (item_id, class_id, time_limit_seconds, attempts_allowed, grading_method, review, allowed_offline)
          select ${quiz.id}, null, time_limit_seconds, attempts_allowed, grading_method, review, allowed_offline
          from quiz_sessions where item_id = ${quiz.copied_from_item_id} and class_id is null
          on conflict do nothing`,
    );
  }
}
