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
