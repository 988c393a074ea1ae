import {
  ANALYSIS_MIN_ATTEMPTS,
  type AnalysisQuery,
  type AnalysisRow,
  type QuestionKind,
  type QuizAnalysis,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import type { ExportColumn } from '../../../lib/export';
import { layoutQuestions, questionOf } from './attempt-store';
import {
  findMarkedAttempts,
  findMarkedResponses,
  findQuizItem,
  findSessionNames,
} from './quiz-analysis.repository';

// Item analysis for authors (decision 0020 §3.6): per question across slots, over finished
// attempts with their marks: facility (mean fraction × 100), discrimination (100 × Pearson's r
// of the question's points and the rest of the attempt's points), the standard deviation of the
// fraction, and for choice questions the share of attempts that picked each choice.

export type AnalysisInput = {
  attemptId: number;
  questionId: number;
  title: string;
  kind: QuestionKind;
  /** 0…1; null: an essay not marked yet (left out). */
  fraction: number | null;
  points: number;
  /** The attempt's total points. */
  total: number;
  picked: string[];
  choices: { id: string; text: string; fraction: number }[] | null;
};

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function pearson(xs: number[], ys: number[]): number | null {
  if (xs.length < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

const r1 = (x: number) => Math.round(x * 10) / 10;

/** The analysis of the rows (one per question asked in a finished attempt). */
export function analyse(input: AnalysisInput[]): AnalysisRow[] {
  const byQuestion = new Map<number, AnalysisInput[]>();
  for (const r of input) {
    if (r.fraction === null) continue;
    const list = byQuestion.get(r.questionId) ?? [];
    list.push(r);
    byQuestion.set(r.questionId, list);
  }
  const out: AnalysisRow[] = [];
  for (const [questionId, list] of byQuestion) {
    const first = list[0] as AnalysisInput;
    const fractions = list.map((r) => r.fraction as number);
    const qPoints = list.map((r) => (r.fraction as number) * r.points);
    const rest = list.map((r, i) => r.total - (qPoints[i] as number));
    const n = list.length;
    const m = mean(fractions);
    const sd =
      n < 2 ? null : Math.sqrt(fractions.reduce((s, f) => s + (f - m) ** 2, 0) / (n - 1)) * 100;
    const r = pearson(qPoints, rest);
    out.push({
      questionId,
      title: first.title,
      kind: first.kind,
      attempts: n,
      facility: r1(m * 100),
      discrimination: r === null ? null : r1(r * 100),
      sd: sd === null ? null : r1(sd),
      tooFew: n < ANALYSIS_MIN_ATTEMPTS,
      choices:
        first.choices === null
          ? null
          : first.choices.map((c) => ({
              id: c.id,
              text: c.text,
              fraction: c.fraction,
              share: r1((100 * list.filter((x) => x.picked.includes(c.id)).length) / n),
            })),
    });
  }
  return out.sort((a, b) => a.questionId - b.questionId);
}

async function loadRows(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  query: AnalysisQuery,
): Promise<{
  item: QuizAnalysis['item'];
  sessions: QuizAnalysis['sessions'];
  rows: AnalysisInput[];
  attempts: number;
}> {
  const item = await findQuizItem(deps.db, itemId);
  if (!item) throw notFound('The quiz');
  await loadCourseToAuthor(deps.db, auth, item.course_id).catch(() => {
    throw notFound('The quiz');
  });
  const sessions = await findSessionNames(deps.db, itemId);
  if (query.sessionId !== undefined && !sessions.some((s) => s.id === query.sessionId))
    throw notFound('The quiz session');
  const attempts = await findMarkedAttempts(deps.db, itemId, query);
  const responses = await findMarkedResponses(deps.db, itemId);
  const bySlot = new Map(responses.map((r) => [`${String(r.attempt_id)}:${String(r.slot)}`, r]));
  const out: AnalysisInput[] = [];
  for (const a of attempts) {
    const questions = await layoutQuestions(deps.db, a.layout);
    for (const l of a.layout) {
      const q = questionOf(questions, l);
      const r = bySlot.get(`${String(a.id)}:${String(l.slot)}`);
      const fraction =
        q.kind === 'essay'
          ? r?.manual_points == null
            ? r?.response == null
              ? 0
              : null
            : Number(r.manual_points) / l.points
          : r?.auto_fraction == null
            ? 0
            : Number(r.auto_fraction);
      const response = r?.response ?? null;
      const picked = response?.choiceIds ?? (response?.choiceId ? [response.choiceId] : []);
      out.push({
        attemptId: Number(a.id),
        questionId: q.id,
        title: q.title,
        kind: q.kind,
        fraction,
        points: l.points,
        total: Number(a.total_points),
        picked,
        choices:
          q.kind === 'single' || q.kind === 'multiple'
            ? q.data.choices.map((c) => ({ id: c.id ?? '', text: c.text, fraction: c.fraction }))
            : null,
      });
    }
  }
  return {
    item: { id: item.id, title: item.title, courseId: item.course_id, unitId: item.unit_id },
    sessions: sessions.map((s) => ({ id: s.id, className: s.class_name })),
    rows: out,
    attempts: attempts.length,
  };
}

export async function getAnalysis(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  query: AnalysisQuery,
): Promise<QuizAnalysis> {
  const loaded = await loadRows(deps, auth, itemId, query);
  return {
    item: loaded.item,
    sessions: loaded.sessions,
    attemptsCounted: loaded.attempts,
    rows: analyse(loaded.rows),
  };
}

const KIND_TEXT: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True or false',
  short_answer: 'Short answer',
  numeric: 'Number',
  matching: 'Matching',
  essay: 'Essay',
};

/** The export's columns: one row per question, for a spreadsheet. */
export const ANALYSIS_COLUMNS: ExportColumn<AnalysisRow>[] = [
  { header: 'Question', value: (r) => r.title },
  { header: 'Kind', value: (r) => KIND_TEXT[r.kind] },
  { header: 'Attempts', value: (r) => r.attempts },
  { header: 'Facility (%)', value: (r) => r.facility },
  { header: 'Discrimination (%)', value: (r) => r.discrimination },
  { header: 'Standard deviation (%)', value: (r) => r.sd },
  { header: 'Note', value: (r) => (r.tooFew ? 'Too few attempts to judge' : '') },
];
