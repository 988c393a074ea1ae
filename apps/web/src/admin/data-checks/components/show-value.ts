/** The space a value's reader cannot see: shown as an open box where it is the problem. */
export const SPACE_MARK = '␣';

/**
 * A value as the checker shows it: leading, trailing and doubled spaces made visible (so the
 * reader sees what a fix removes); empty and missing values named.
 */
export function showValue(value: string | null | undefined): string {
  if (value === null || value === undefined) return '(none)';
  if (value === '') return '(empty)';
  return value
    .replace(/^\s+|\s+$/g, (m) => SPACE_MARK.repeat(m.length))
    .replace(/\s{2,}/g, (m) => SPACE_MARK.repeat(m.length));
}
