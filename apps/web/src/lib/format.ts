/**
 * Every date and time on screen, one way: dates "24 Nov 2026", times "24 Nov 2026, 06:55", in the
 * viewer's time zone. A calendar day (`2026-11-24`, a birth date or a programme's start) has no
 * time zone and is shown as that day wherever the viewer is.
 */

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Month names of our own: ICU's en-GB writes September "Sept", unlike the other eleven. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dateFormat = (timeZone?: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
  return {
    format: (at: Date) => {
      const all = parts.formatToParts(at);
      const part = (type: string) => all.find((p) => p.type === type)?.value;
      return `${String(Number(part('day')))} ${MONTHS[Number(part('month')) - 1] ?? ''} ${part('year') ?? ''}`;
    },
  };
};

const timeFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  });

const LOCAL_DATE = dateFormat();
const LOCAL_TIME = timeFormat();
const UTC_DATE = dateFormat('UTC');

/** A day as people read it: "24 Nov 2026". Takes a calendar day or a timestamp; empty → "—". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (CALENDAR_DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : UTC_DATE.format(day);
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : LOCAL_DATE.format(at);
}

/** A moment as people read it: "24 Nov 2026, 06:55", in the viewer's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return `${LOCAL_DATE.format(at)}, ${LOCAL_TIME.format(at)}`;
}

/** Two days as a span: "1 Feb 2026 to 30 Jun 2026". */
export const formatDateRange = (from: string, to: string): string =>
  `${formatDate(from)} to ${formatDate(to)}`;

/** A certificate's date as the certificate prints it, in UTC (spec §9): "24 November 2026".
 * Only where the screen mirrors the printed certificate (its public verification). */
export const formatPrintedDate = (isoDate: string): string =>
  new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as `YYYY-MM-DD`, or null (31 Feb is none). */
function calendarDay(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * A typed date as a calendar day `YYYY-MM-DD`, or null: the app's own "7 Dec 2026" (any case,
 * a full month name too), `2026-12-07`, or day first as `7/12/2026` (as formatDate's order).
 */
export function parseDateText(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (numeric) return calendarDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(value);
  if (named) {
    const month = MONTHS.findIndex((m) => named[2]?.toLowerCase().startsWith(m.toLowerCase()));
    if (month >= 0) return calendarDay(Number(named[3]), month + 1, Number(named[1]));
  }
  return null;
}
