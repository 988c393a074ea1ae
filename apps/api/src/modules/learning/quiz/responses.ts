import {
  RESPONSE_SCHEMAS,
  type QuestionData,
  type QuestionView,
  type QuizResponse,
} from '@lantern/contracts/quiz';

// What a learner may see of a question and send for it (decision 0020 §3.2, §8.5). The view is
// built from an allow-list — ids and texts only — so no fraction, right answer, feedback or
// grader information reaches a learner before the review allows it.

/** The order shown to a learner: the attempt's shuffled ids, else as authored. */
function ordered<T extends { id?: string }>(items: T[], order: string[] | null): T[] {
  if (!order) return items;
  const byId = new Map(items.map((i) => [i.id, i]));
  const out = order.map((id) => byId.get(id)).filter((i): i is T => i !== undefined);
  // Parts added after the draw (a later version) follow in authored order.
  for (const i of items) if (!out.includes(i)) out.push(i);
  return out;
}

/** The ids a question's choice order shuffles, in authored order (null: nothing to shuffle). */
export function shuffleableIds(q: QuestionData): string[] | null {
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return q.data.choices.map((c) => c.id ?? '');
    case 'matching':
      return [
        ...q.data.pairs.map((p) => p.answerId ?? ''),
        ...q.data.extraAnswers.map((a) => a.id ?? ''),
      ];
    default:
      return null;
  }
}

export function learnerView(q: QuestionData, order: string[] | null): QuestionView {
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return {
        kind: q.kind,
        choices: ordered(q.data.choices, order).map((c) => ({ id: c.id ?? '', text: c.text })),
      };
    case 'true_false':
    case 'short_answer':
    case 'numeric':
      return { kind: q.kind };
    case 'matching': {
      const answers = [
        ...q.data.pairs.map((p) => ({ id: p.answerId ?? '', text: p.answer })),
        ...q.data.extraAnswers.map((a) => ({ id: a.id ?? '', text: a.text })),
      ];
      return {
        kind: 'matching',
        prompts: q.data.pairs.map((p) => ({ id: p.id ?? '', prompt: p.prompt })),
        answers: ordered(answers, order),
      };
    }
    case 'essay':
      return {
        kind: 'essay',
        responseFormat: q.data.responseFormat,
        minWords: q.data.minWords,
        maxWords: q.data.maxWords,
        maxSeconds: q.data.maxSeconds,
      };
  }
}

/**
 * The response parsed for its question's kind, or the sentence why it does not fit (an unknown
 * choice id, a voice file for a text-only essay, …).
 */
export function checkResponse(
  q: QuestionData,
  raw: unknown,
): { ok: true; response: QuizResponse } | { ok: false; reason: string } {
  const parsed = RESPONSE_SCHEMAS[q.kind].safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      reason: parsed.error.issues[0]?.message ?? 'This answer does not fit its question.',
    };
  const misfit = { ok: false as const, reason: 'This answer does not fit its question.' };
  switch (q.kind) {
    case 'single': {
      const r = parsed.data as { choiceId: string | null };
      if (r.choiceId !== null && !q.data.choices.some((c) => c.id === r.choiceId)) return misfit;
      return { ok: true, response: r };
    }
    case 'multiple': {
      const r = parsed.data as { choiceIds: string[] };
      const ids = new Set(q.data.choices.map((c) => c.id));
      if (new Set(r.choiceIds).size !== r.choiceIds.length) return misfit;
      if (!r.choiceIds.every((id) => ids.has(id))) return misfit;
      return { ok: true, response: r };
    }
    case 'matching': {
      const r = parsed.data as { matches: Record<string, string | null> };
      const pairs = new Set(q.data.pairs.map((p) => p.id));
      const answers = new Set([
        ...q.data.pairs.map((p) => p.answerId),
        ...q.data.extraAnswers.map((a) => a.id),
      ]);
      for (const [k, v] of Object.entries(r.matches))
        if (!pairs.has(k) || (v !== null && !answers.has(v))) return misfit;
      return { ok: true, response: r };
    }
    case 'essay': {
      const r = parsed.data as { text: string; fileId: string | null };
      if (r.fileId !== null && q.data.responseFormat === 'text') return misfit;
      if (r.text !== '' && q.data.responseFormat === 'voice') return misfit;
      return { ok: true, response: r };
    }
    default:
      return { ok: true, response: parsed.data };
  }
}
