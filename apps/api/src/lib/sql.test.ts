import { describe, expect, it } from 'vitest';
import { jsonParam, pgArray } from './sql';

describe('pgArray', () => {
  it('quotes every text and escapes only quotes and backslashes', () => {
    expect(pgArray(['plain', 'say "hi"', 'a\\b', null, 7, true, false])).toBe(
      '{"plain","say \\"hi\\"","a\\\\b",NULL,7,t,f}',
    );
  });
});

describe('jsonParam', () => {
  it('is JSON.stringify for well-formed text, a backslash before "ud" included', () => {
    const value = [{ name: 'Zeynep Ağaoğlu 😀', note: 'a\\ud800b', none: null }];
    expect(jsonParam(value)).toBe(JSON.stringify(value));
  });

  it('sends a lone surrogate as U+FFFD, as the drivers send text', () => {
    expect(JSON.parse(jsonParam({ name: 'a\ud800b', pair: '😀' }))).toEqual({
      name: 'a\uFFFDb',
      pair: '😀',
    });
  });
});
