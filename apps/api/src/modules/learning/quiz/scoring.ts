import type {
  EssayData,
  MatchingData,
  MultipleData,
  NumericData,
  QuestionData,
  ResponseState,
  ShortAnswerData,
  SingleData,
  TrueFalseData,
} from '@lantern/contracts/quiz';
import { countWords } from '@lantern/contracts/words';

// Scoring of every question kind (decision 0020 §3.2): pure functions of the question's data and
// the learner's response, answering a fraction 0…1 of the slot's points and the feedback of what
// matched. Essays are scored by a person (fraction null).

export type Scored = {
  /** 0…1; null: a person grades it (essay). */
  fraction: number | null;
  feedback: string | null;
  state: ResponseState;
  /** An essay's problem at finish ('Not enough words.'). */
  problem: string | null;
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const stateOf = (fraction: number): ResponseState =>
  fraction >= 0.99999 ? 'correct' : fraction > 0 ? 'partial' : 'wrong';
const scored = (fraction: number, feedback: string | null = null): Scored => {
  const f = Math.round(clamp01(fraction) * 100_000) / 100_000;
  return { fraction: f, feedback: feedback || null, state: stateOf(f), problem: null };
};
const UNANSWERED: Scored = { fraction: 0, feedback: null, state: 'unanswered', problem: null };

/** NFC, trimmed, inner runs of white space as one space. */
export function normaliseAnswer(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/**
 * Whether `text` matches `pattern`, where `*` stands for any run of characters and nothing else
 * is special. Greedy with one back-track point: linear in practice, never catastrophic.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  const p = Array.from(pattern);
  const t = Array.from(text);
  let pi = 0;
  let ti = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    if (pi < p.length && p[pi] !== '*' && p[pi] === t[ti]) {
      pi++;
      ti++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = ti;
    } else if (star !== -1) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}

/** A number as a learner types it: `,` or `.` as the decimal mark; anything else is null. */
export function parseNumber(text: string): number | null {
  const s = text.normalize('NFKC').trim().replace(/\s+/g, '');
  if (!/^[+-−]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d{1,3})?$/.test(s)) return null;
  const n = Number(s.replace('−', '-').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

export function scoreSingle(data: SingleData, response: { choiceId: string | null }): Scored {
  if (response.choiceId === null) return UNANSWERED;
  const choice = data.choices.find((c) => c.id === response.choiceId);
  if (!choice) return UNANSWERED;
  return scored(Math.max(0, choice.fraction), choice.feedback);
}

export function scoreMultiple(data: MultipleData, response: { choiceIds: string[] }): Scored {
  const picked = new Set(response.choiceIds);
  if (picked.size === 0) return UNANSWERED;
  const chosen = data.choices.filter((c) => c.id !== undefined && picked.has(c.id));
  const sum = chosen.reduce((s, c) => s + c.fraction, 0);
  const feedback = chosen
    .map((c) => c.feedback)
    .filter((f) => f)
    .join('\n');
  return scored(sum, feedback);
}

export function scoreTrueFalse(data: TrueFalseData, response: { value: boolean | null }): Scored {
  if (response.value === null) return UNANSWERED;
  return scored(
    response.value === data.correct ? 1 : 0,
    response.value ? data.feedbackTrue : data.feedbackFalse,
  );
}

export function scoreShortAnswer(data: ShortAnswerData, response: { text: string }): Scored {
  const given = normaliseAnswer(response.text);
  if (given === '') return UNANSWERED;
  for (const a of data.answers) {
    const expected = normaliseAnswer(a.text);
    const x = a.caseSensitive ? given : given.toLocaleLowerCase('und');
    const e = a.caseSensitive ? expected : expected.toLocaleLowerCase('und');
    const hit = a.mode === 'pattern' ? wildcardMatch(e, x) : e === x;
    if (hit) return scored(a.fraction, a.feedback);
  }
  return scored(0);
}

export function scoreNumeric(data: NumericData, response: { text: string }): Scored {
  if (response.text.trim() === '') return UNANSWERED;
  const x = parseNumber(response.text);
  if (x === null) return scored(0);
  for (const a of data.answers) {
    // A hair of slack so that 0.1 + 0.2 style representation errors do not miss the edge.
    if (Math.abs(x - a.value) <= a.tolerance + 1e-9 * Math.max(1, Math.abs(a.value)))
      return scored(a.fraction, a.feedback);
  }
  return scored(0);
}

export function scoreMatching(
  data: MatchingData,
  response: { matches: Record<string, string | null> },
): Scored {
  const given = Object.values(response.matches).filter((v) => v !== null);
  if (given.length === 0) return UNANSWERED;
  const right = data.pairs.filter(
    (p) => p.id !== undefined && response.matches[p.id] === p.answerId,
  );
  return scored(right.length / data.pairs.length);
}

/** An essay is graded by a person; at finish it may be refused for too few words. */
export function checkEssay(
  data: EssayData,
  response: { text: string; fileId: string | null },
): Scored {
  const words = countWords(response.text);
  const answered = words > 0 || response.fileId !== null;
  if (!answered) return { fraction: null, feedback: null, state: 'unanswered', problem: null };
  const spoken = response.fileId !== null && data.responseFormat !== 'text';
  if (!spoken && data.minWords && words < data.minWords)
    return { fraction: null, feedback: null, state: 'needs_grading', problem: 'Not enough words.' };
  if (!spoken && data.maxWords && words > data.maxWords)
    return {
      fraction: null,
      feedback: null,
      state: 'needs_grading',
      problem: `Too many words: at most ${String(data.maxWords)}.`,
    };
  return { fraction: null, feedback: null, state: 'needs_grading', problem: null };
}

/** Scores a response already checked against its kind (see responses.ts); null: not answered. */
export function scoreResponse(q: QuestionData, response: unknown): Scored {
  if (response === null || response === undefined)
    return q.kind === 'essay'
      ? { fraction: null, feedback: null, state: 'unanswered', problem: null }
      : UNANSWERED;
  switch (q.kind) {
    case 'single':
      return scoreSingle(q.data, response as { choiceId: string | null });
    case 'multiple':
      return scoreMultiple(q.data, response as { choiceIds: string[] });
    case 'true_false':
      return scoreTrueFalse(q.data, response as { value: boolean | null });
    case 'short_answer':
      return scoreShortAnswer(q.data, response as { text: string });
    case 'numeric':
      return scoreNumeric(q.data, response as { text: string });
    case 'matching':
      return scoreMatching(q.data, response as { matches: Record<string, string | null> });
    case 'essay':
      return checkEssay(q.data, response as { text: string; fileId: string | null });
  }
}
