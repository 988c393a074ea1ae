import { i18n } from './i18n';

/* A number with its noun, "1 student" / "2 students", through i18next's plural keys
 * (`count.<noun>_one`, `count.<noun>_other` in locales/en.json), for screens that write their
 * English inline; lms screens use their own keys the same way (`t(key, { count })`). */
const NOUNS = [
  'certificate',
  'change',
  'credit',
  'day',
  'family',
  'grade',
  'item',
  'month',
  'right',
  'row',
  'seat',
  'student',
  'task',
  'week',
] as const;
export type CountNoun = (typeof NOUNS)[number];

export const COUNT_NOUNS: readonly CountNoun[] = NOUNS;

/** `counted(1, 'student')` → "1 student"; `counted(3, 'student')` → "3 students". */
export const counted = (count: number, noun: CountNoun): string =>
  i18n.t(`count.${noun}`, { count, lng: 'en' });
