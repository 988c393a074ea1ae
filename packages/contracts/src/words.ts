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
