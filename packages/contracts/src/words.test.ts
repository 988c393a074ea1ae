import { describe, expect, it } from 'vitest';
import { countWords } from './words';

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
