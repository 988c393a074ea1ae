import type { Db } from '@lantern/db/client';
import type { Bank, BankInput, QuizSettings } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import {
  copyItemSession,
  deleteBankRow,
  findBank,
  findBankRow,
  findBankUse,
  findBanksToCopy,
  findCopiedQuizzes,
  findCourseBanks,
  findFixedQuestions,
  findLiveBanks,
  findLiveQuestionIds,
  insertBank,
  insertBankCopy,
  insertFirstVersions,
  insertQuestionCopy,
  renameBank,
  setQuizSettings,
  type BankRow,
} from './quiz-banks.repository';
import { findQuestionToAuthor } from './quiz-questions.repository';

// Question banks and their questions (decision 0020 §3.1, §3.8): authored by the course's
// authors; every edit writes a question version (an attempt reads the version it drew) and
// raises the bank's version; deletion is a tombstone, refused while a quiz uses it. Here: the
// banks, quiz settings and the copy with a course; the questions are in banks-questions.

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const stale = (what: string) =>
  new AppError(
    409,
    'STALE_VERSION',
    `Someone else changed ${what} while you were editing. Reload to see their changes, then edit again.`,
  );

// ---------------------------------------------------------------- reach

/** The bank if the caller may author its course, else 404. */
export async function bankToAuthor(db: Db, auth: AuthContext, bankId: number) {
  const bank = await findBank(db, bankId);
  if (!bank) throw notFound('The question bank');
  await loadCourseToAuthor(db, auth, bank.course_id).catch(() => {
    throw notFound('The question bank');
  });
  return bank;
}

export async function questionToAuthor(db: Db, auth: AuthContext, questionId: number) {
  const q = await findQuestionToAuthor(db, questionId);
  if (!q) throw notFound('The question');
  await loadCourseToAuthor(db, auth, q.course_id).catch(() => {
    throw notFound('The question');
  });
  return q;
}

// ---------------------------------------------------------------- banks

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

export async function listBanks(deps: Deps, auth: AuthContext, courseId: number) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const list = await findCourseBanks(deps.db, courseId);
  return { items: list.map(toBank) };
}

export async function readBank(db: Db, bankId: number): Promise<Bank> {
  const row = await findBankRow(db, bankId);
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
    const row = await insertBank(tx, courseId, input.title);
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
    const row = await renameBank(tx, bankId, input);
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

export const inUse = (title: string, what = 'This question bank') =>
  new AppError(409, 'IN_USE', `${what} is used by the quiz “${title}”: remove it there first.`);

export async function deleteBank(deps: Deps, auth: AuthContext, bankId: number, version: number) {
  await bankToAuthor(deps.db, auth, bankId);
  await deps.db.transaction(async (tx) => {
    const use = await findBankUse(tx, bankId);
    const first = use?.used_by[0];
    if (first) throw inUse(first.title);
    const row = await deleteBankRow(tx, bankId, version);
    if (!row) throw stale('this question bank');
    await audit(tx, auth, {
      action: 'question_bank.deleted',
      entityType: 'question_bank',
      entityId: bankId,
    });
  });
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
  const fixed = await findFixedQuestions(db, courseId, fixedIds);
  const known = new Set(fixed.map((f) => f.id));
  if (fixedIds.some((id) => !known.has(id)))
    throw invalidFields({
      slots: 'A question of this quiz is not in a question bank of this course.',
    });
  const banks = await findLiveBanks(db, courseId, bankIds);
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
  const banks = await findBanksToCopy(tx, from);
  const bankMap = new Map<number, number>();
  const qMap = new Map<number, number>();
  // A copy is rare and a course holds hundreds of questions at most: one insert each keeps the
  // mapping plain.
  for (const bank of banks) {
    const nb = await insertBankCopy(tx, to, bank);
    if (!nb) continue;
    bankMap.set(bank.id, nb.id);
    const qs = await findLiveQuestionIds(tx, bank.id);
    for (const q of qs) {
      const nq = await insertQuestionCopy(tx, q.id, nb.id, to);
      if (nq) qMap.set(q.id, nq.id);
    }
  }
  if (qMap.size > 0) await insertFirstVersions(tx, [...qMap.values()]);
  const quizzes = await findCopiedQuizzes(tx, itemIds);
  for (const quiz of quizzes) {
    const slots = quiz.settings.slots.map((s) =>
      s.type === 'fixed'
        ? { ...s, questionId: qMap.get(s.questionId) ?? s.questionId }
        : { ...s, bankId: bankMap.get(s.bankId) ?? s.bankId },
    );
    await setQuizSettings(tx, quiz.id, { ...quiz.settings, slots });
    // The item-wide session's rules come along; its dates belonged to the other run.
    await copyItemSession(tx, quiz);
  }
}
