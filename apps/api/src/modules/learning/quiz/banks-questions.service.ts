import { randomBytes } from 'node:crypto';
import type { Db } from '@lantern/db/client';
import {
  QUESTION_DATA_SCHEMAS,
  type BankQuestions,
  type Question,
  type QuestionData,
  type QuestionInput,
  type QuestionKind,
  type TryResult,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { sanitiseRichText } from '../../../lib/rich-text';
import { checkResponse } from './responses';
import { scoreResponse } from './scoring';
import { bumpBank } from './quiz-banks.repository';
import {
  deleteQuestionRow,
  findBankQuestionRows,
  findQuestion,
  findQuestionUse,
  insertQuestion,
  updateQuestionRow,
  writeVersion,
  type QuestionRowDb,
} from './quiz-questions.repository';
import { bankToAuthor, inUse, iso, questionToAuthor, readBank, stale } from './banks.service';

// The questions of a bank (decision 0020 §3.1): every edit writes a question version and raises
// the bank's version; deletion is a tombstone, refused while a quiz asks the question.

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
  const r = await findQuestion(db, id);
  if (!r) throw notFound('The question');
  return toQuestion(r);
}

export async function listQuestions(
  deps: Deps,
  auth: AuthContext,
  bankId: number,
): Promise<BankQuestions> {
  await bankToAuthor(deps.db, auth, bankId);
  const list = await findBankQuestionRows(deps.db, bankId);
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

export async function createQuestion(
  deps: Deps,
  auth: AuthContext,
  bankId: number,
  input: QuestionInput,
) {
  const bank = await bankToAuthor(deps.db, auth, bankId);
  const q = await stored(input);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertQuestion(tx, { id: bankId, course_id: bank.course_id }, q);
    if (!row) throw notFound('The question bank');
    await writeVersion(tx, auth.user.jwlId, row.id);
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
    const row = await updateQuestionRow(tx, questionId, input.version, q);
    if (!row) throw stale('this question');
    await writeVersion(tx, auth.user.jwlId, questionId);
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
    const use = await findQuestionUse(tx, questionId);
    if (use) throw inUse(use.title, 'This question');
    const row = await deleteQuestionRow(tx, questionId, version);
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
