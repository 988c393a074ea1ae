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

/**
 * A time of day as people type it, as `HH:mm` (24-hour), or null when it is not one: `14:30`,
 * `9:05`, `14.30`, `1430`, `930`, `2:30 pm`, `12 am`. Hours alone are on the hour.
 */
export function parseTimeText(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?(?:\s*([ap])\.?\s*m?\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (half !== undefined) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * A moment as the value of a date-and-time field, `YYYY-MM-DDTHH:mm` in the device's zone ('' for
 * none). Every such field keeps this one shape; `fromLocalDateTime` turns it back into an instant.
 */
export function toLocalDateTime(at: string | Date | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getFullYear())}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A date-and-time field's value as an ISO instant (null when empty or not a moment). */
export function fromLocalDateTime(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
