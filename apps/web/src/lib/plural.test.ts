import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { COUNT_NOUNS, counted } from './plural';

// Vitest gives each test file its path (under jsdom, import.meta.url is an http address).
const src = join(import.meta.dirname, '..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

const FILES = sources(src).map((path) => ({
  path: relative(src, path),
  text: readFileSync(path, 'utf8'),
}));

describe('a count and its noun', () => {
  it('writes one of a thing in the singular', () => {
    expect(counted(1, 'student')).toBe('1 student');
    expect(counted(2, 'student')).toBe('2 students');
    expect(counted(0, 'family')).toBe('0 families');
    for (const noun of COUNT_NOUNS) expect(counted(1, noun)).toBe(`1 ${noun}`);
  });

  it('gives every counted text of the screens a singular (t with count and plural keys)', () => {
    // A bare count ({{n}}) is the thing counted; "{{done}} of {{max}} points" is left as written.
    const counted =
      /\bt\(\s*'([^']+)',\s*(['"])((?:(?!\2).)*?\{\{(count|n)\}\} ([a-z]+s)\b(?:(?!\2).)*)\2/gs;
    const wrong: string[] = [];
    for (const file of FILES)
      for (const [, key = '', , text = '', variable, noun = ''] of file.text.matchAll(counted)) {
        if (variable !== 'count') {
          wrong.push(`${file.path}: ${key} counts {{${variable ?? ''}}}, not {{count}}`);
          continue;
        }
        const one = i18n.t(key, { count: 1, defaultValue: text, lng: 'en' });
        if (one.includes(`1 ${noun}`)) wrong.push(`${file.path}: ${key} says "${one}"`);
      }
    expect(wrong).toEqual([]);
  });

  it('lets no inline English put a number before a plural noun', () => {
    const plurals = COUNT_NOUNS.map((noun) =>
      i18n.t(`count.${noun}`, { count: 2, lng: 'en' }).slice(2),
    );
    const inline = new RegExp(`(\\$\\{[^}]+\\}|\\{[\\w.]+\\}) (${plurals.join('|')})\\b(?!=)`, 'g');
    const wrong = FILES.flatMap((file) =>
      file.text
        .split('\n')
        .filter((line) => inline.test(line) && !/[!=]== 1\b/.test(line))
        .map((line) => `${file.path}: ${line.trim()}`),
    );
    expect(wrong).toEqual([]);
  });
});
