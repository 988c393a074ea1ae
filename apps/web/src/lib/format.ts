/** A timestamp as people here read it: day, month, year and time. */
export const formatTimestamp = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The same, short, for a list's column. */
export const formatShortTimestamp = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
