import {
  currentTermYear,
  parseTermKey,
  TERMS,
  termKeyOf,
  termLabel,
} from '@lantern/contracts/bachelor';

/** A term key as people read it: `2026-fa` → "Fall 2026" (an unreadable key as it is). */
export const termKeyLabel = (key: string): string => {
  const term = parseTermKey(key);
  return term ? termLabel(term.year, term.season) : key;
};

/** The terms a cohort may start in, as choices: two years back to two years ahead, in calendar
 * order. */
export const intakeTermOptions = (year = currentTermYear()): { value: string; label: string }[] =>
  [year - 2, year - 1, year, year + 1, year + 2].flatMap((y) =>
    TERMS.map((season) => ({ value: termKeyOf(y, season), label: termLabel(y, season) })),
  );
