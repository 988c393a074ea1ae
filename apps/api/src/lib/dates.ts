/** Month names of our own, as the web writes them (ICU's en-GB writes September "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day in a server sentence, "12 Mar 2027", in UTC: the sentences are English (spec §1) and
 * the server does not know the reader's time zone; the screens show exact times themselves.
 */
export const dayText = (at: Date): string =>
  `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()] ?? ''} ${at.getUTCFullYear()}`;

export const isoOrNull = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

export const iso = (v: Date | string): string =>
  (v instanceof Date ? v : new Date(v)).toISOString();
