import { describe, expect, it } from 'vitest';
import { countWords, wordBoundsProblem } from './words';

describe('countWords', () => {
  it('counts words, not spaces or punctuation', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('Hello, world!  It’s a test — of 3 things.')).toBe(8);
  });
  it('counts words in scripts without spaces between them and right-to-left ones', () => {
    expect(countWords('مرحبا بالعالم')).toBe(2);
    expect(countWords('我是学生')).toBeGreaterThan(1);
  });
});

describe('wordBoundsProblem', () => {
  const none = { minWords: null, maxWords: null };
  it('an empty text is never handed in; within the bounds it is', () => {
    expect(wordBoundsProblem(0, none)?.text).toBe('Not enough words.');
    expect(wordBoundsProblem(1, none)).toBeNull();
    expect(wordBoundsProblem(50, { minWords: 50, maxWords: 100 })).toBeNull();
    expect(wordBoundsProblem(100, { minWords: 50, maxWords: 100 })).toBeNull();
  });
  it("below the minimum or above the maximum, in the spec's words", () => {
    expect(wordBoundsProblem(49, { minWords: 50, maxWords: 100 })).toEqual({
      kind: 'tooFew',
      text: 'Not enough words.',
    });
    expect(wordBoundsProblem(101, { minWords: 50, maxWords: 100 })).toEqual({
      kind: 'tooMany',
      text: 'Too many words: at most 100.',
    });
  });
});
