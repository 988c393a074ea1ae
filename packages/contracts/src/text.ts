/**
 * Which characters a text the API takes may hold (decision 0016). No person types a C0 control
 * character (U+0000–U+001F): PostgreSQL refuses a NUL byte outright, and the others are
 * invisible and break CSV files, mail headers and searches. A lone UTF-16 surrogate is half a
 * character, which no encoding can store. Multi-line text (request bodies) may hold tab, line
 * feed and carriage return; one-line text (the address and its query) may not.
 */
export type TextFault = { kind: 'control' | 'surrogate'; codePoint: number };

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** The first character of `text` the API refuses, or null when every one is allowed. */
export function textFault(text: string, options: { multiline: boolean }): TextFault | null {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (options.multiline && (c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN)) continue;
      return { kind: 'control', codePoint: c };
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i += 1; // a whole pair: one character beyond U+FFFF
        continue;
      }
      return { kind: 'surrogate', codePoint: c };
    }
  }
  return null;
}

const codePointText = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong, in a sentence that names the field by its label (`search`, `first name`). */
export function textFaultDetail(label: string, fault: TextFault): string {
  const what =
    fault.kind === 'control'
      ? `an invisible control character (${codePointText(fault.codePoint)})`
      : `a broken character (half of a character pair, ${codePointText(fault.codePoint)})`;
  return `The ${label} contains ${what}, which is not allowed. Remove it and try again.`;
}

/** The per-field message beside a form field. */
export const TEXT_FAULT_FIELD_MESSAGE = 'This text contains a character that is not allowed.';

/** Names of fields whose label is not just their key's words. */
const LABELS: Record<string, string> = {
  q: 'search',
  jwlId: 'JWL-ID',
  ip: 'IP address',
  unhcrNumber: 'UNHCR number',
  cefrLevel: 'CEFR level',
};

/** Words of a key that a person writes otherwise. */
const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  ip: 'IP',
  url: 'address',
  email: 'e-mail',
};

/**
 * A field's key as a person would name it: `firstName` and `first_name` → "first name",
 * `q` → "search". A key that is no plain name (made up by a caller) is "request".
 */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,60}$/.test(key)) return 'request';
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => WORDS[word] ?? word)
    .join(' ');
}
