/**
 * The one word counter of the app (decision 0019): the answer box counts with it as the learner
 * types and the server checks the task's word bounds with it, so the two never disagree.
 * Intl.Segmenter finds words in every script (Arabic, Chinese, Amharic…), unlike a split on
 * spaces; punctuation and spaces are not words.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

export function countWords(text: string): number {
  let n = 0;
  for (const part of segmenter.segment(text)) if (part.isWordLike) n += 1;
  return n;
}

/** A text's word bounds: null where the task sets none. */
export type WordBounds = { minWords: number | null; maxWords: number | null };

/** The spec's text for too few words (§5). */
export const NOT_ENOUGH_WORDS = 'Not enough words.';
export const tooManyWordsText = (max: number): string => `Too many words: at most ${max}.`;

/**
 * The one hand-in rule on a text's length, asked by the answer box before it sends and by the
 * server when it takes the hand-in: an empty text is never handed in; below the minimum is too
 * few, above the maximum too many. Null when the text may be handed in.
 */
export function wordBoundsProblem(
  words: number,
  { minWords, maxWords }: WordBounds,
): { kind: 'tooFew'; text: string } | { kind: 'tooMany'; text: string } | null {
  if (words === 0 || (minWords !== null && minWords > 0 && words < minWords))
    return { kind: 'tooFew', text: NOT_ENOUGH_WORDS };
  if (maxWords !== null && maxWords > 0 && words > maxWords)
    return { kind: 'tooMany', text: tooManyWordsText(maxWords) };
  return null;
}
