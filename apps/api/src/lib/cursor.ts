import { badRequest } from './errors';

/**
 * A keyset-paging cursor: the sort and direction it belongs to, and a row's place in that order
 * (its sort value as text, and its id). Opaque to the caller: base64url JSON.
 */
export type Cursor = { sort: string; dir: 'asc' | 'desc'; value: string | null; id: number };

const EXPIRED = 'This page link no longer fits the list; open the list from its first page.';

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(
    JSON.stringify([cursor.sort, cursor.dir, cursor.value, cursor.id]),
    'utf8',
  ).toString('base64url');
}

/** The cursor, if it was made for this sort and direction; a 400 that says what to do otherwise. */
export function decodeCursor(text: string, sort: string, dir: 'asc' | 'desc'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(EXPIRED);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== sort ||
    parsed[1] !== dir ||
    !(typeof parsed[2] === 'string' || parsed[2] === null) ||
    !Number.isSafeInteger(parsed[3])
  ) {
    throw badRequest(EXPIRED);
  }
  return { sort, dir, value: parsed[2] as string | null, id: parsed[3] as number };
}
