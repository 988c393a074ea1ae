import type { QuizSettings } from '@lantern/contracts/quiz';
import type { LayoutSlot } from '@lantern/db/schema/quiz';
import type { QuestionVersion } from './questions.cache';
import { shuffleableIds } from './responses';

// The draw of an attempt (decision 0020 §3.4): fixed slots as given, random slots uniformly
// without replacement across the attempt, question and choice order shuffled as the quiz says,
// all from a generator seeded by the attempt's client id, so a test can repeat a draw.

/** sfc32 seeded from a uuid's 128 bits: small, fast and good enough for shuffling. */
export function seededRandom(uuid: string): () => number {
  const hex = uuid.replace(/-/g, '').padEnd(32, '0');
  let a = parseInt(hex.slice(0, 8), 16) >>> 0;
  let b = parseInt(hex.slice(8, 16), 16) >>> 0;
  let c = parseInt(hex.slice(16, 24), 16) >>> 0;
  let d = parseInt(hex.slice(24, 32), 16) >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export type Drawn = { questionId: number; questionVersion: number; points: number };

/**
 * Which questions an attempt gets, in slot order before any shuffling. `banks` holds each drawn
 * bank's live questions; `fixed` the current version of each fixed question.
 */
export function drawQuestions(
  settings: QuizSettings,
  banks: ReadonlyMap<number, readonly { id: number; version: number }[]>,
  fixed: ReadonlyMap<number, number>,
  random: () => number,
): Drawn[] | null {
  const used = new Set<number>();
  const out: Drawn[] = [];
  for (const slot of settings.slots) if (slot.type === 'fixed') used.add(slot.questionId);
  for (const slot of settings.slots) {
    if (slot.type === 'fixed') {
      const version = fixed.get(slot.questionId);
      if (version === undefined) return null;
      out.push({ questionId: slot.questionId, questionVersion: version, points: slot.points });
      continue;
    }
    const pool = (banks.get(slot.bankId) ?? []).filter((q) => !used.has(q.id));
    if (pool.length < slot.count) return null;
    // A partial Fisher–Yates: the first `count` of a uniform shuffle.
    const picked = [...pool];
    for (let i = 0; i < slot.count; i++) {
      const j = i + Math.floor(random() * (picked.length - i));
      [picked[i], picked[j]] = [
        picked[j] as (typeof picked)[number],
        picked[i] as (typeof picked)[number],
      ];
      const q = picked[i] as (typeof picked)[number];
      used.add(q.id);
      out.push({ questionId: q.id, questionVersion: q.version, points: slot.pointsEach });
    }
  }
  return out;
}

/** The attempt's layout: order, pages and choice orders. */
export function layoutOf(
  settings: QuizSettings,
  drawn: Drawn[],
  questions: ReadonlyMap<string, QuestionVersion>,
  random: () => number,
): LayoutSlot[] {
  const ordered = settings.shuffleQuestions ? shuffle(drawn, random) : drawn;
  const perPage = settings.questionsPerPage;
  return ordered.map((d, slot) => {
    const q = questions.get(`${String(d.questionId)}:${String(d.questionVersion)}`);
    const ids = q ? shuffleableIds(q) : null;
    return {
      slot,
      questionId: d.questionId,
      questionVersion: d.questionVersion,
      points: d.points,
      page: perPage === 0 ? 0 : Math.floor(slot / perPage),
      choiceOrder: ids && settings.shuffleAnswers ? shuffle(ids, random) : null,
    };
  });
}
