import { describe, expect, it } from 'vitest';
import { segments } from './highlight';

describe('segments', () => {
  it('marks passages by their numbers and keeps the text whole', () => {
    const text = 'one two three four five six';
    const out = segments(text, [
      { start: 4, end: 13, n: 1 },
      { start: 19, end: 23, n: 2 },
    ]);
    expect(out.map((s) => [s.text, s.n])).toEqual([
      ['one ', null],
      ['two three', 1],
      [' four ', null],
      ['five', 2],
      [' six', null],
    ]);
    expect(out.map((s) => s.text).join('')).toBe(text);
  });

  it('gives overlapping characters to the lower number and clips ranges to the text', () => {
    const out = segments('abcdefghij', [
      { start: 5, end: 40, n: 2 },
      { start: 2, end: 7, n: 1 },
      { start: -3, end: 1, n: 3 },
    ]);
    expect(out.map((s) => [s.text, s.n])).toEqual([
      ['a', 3],
      ['b', null],
      ['cdefg', 1],
      ['hij', 2],
    ]);
  });

  it('answers the text alone when nothing is marked', () => {
    expect(segments('plain', [])).toEqual([{ text: 'plain', n: null, start: 0 }]);
  });
});
