import en from '../locales/en.json';

/**
 * A test-only pseudo-locale: every English text accented, about 40 % longer and bracketed, so a
 * test sees at once a text that does not go through t() (it stays plain) and a layout that
 * breaks when a translation runs longer than the English.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ö',
  s: 'š',
  u: 'ü',
  y: 'ý',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  N: 'Ñ',
  O: 'Ö',
  S: 'Š',
  U: 'Ü',
};

/** Brackets that open and close every pseudo text. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** The pseudo text of an English one; `{{placeholders}}` stay as they are. */
export function pseudoLocalise(text: string): string {
  const accented = text
    .split(/(\{\{[^}]+\}\})/)
    .map((part) =>
      part.startsWith('{{') ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c),
    )
    .join('');
  const padding = '·'.repeat(Math.ceil(text.length * 0.4));
  return `${PSEUDO_OPEN}${accented}${padding}${PSEUDO_CLOSE}`;
}

export const PSEUDO_RESOURCE: Record<string, string> = Object.fromEntries(
  Object.entries(en).map(([key, text]) => [key, pseudoLocalise(text)]),
);
