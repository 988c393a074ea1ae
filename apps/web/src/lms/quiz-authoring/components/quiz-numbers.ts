/** A number input's value as a number; the fallback when it is empty, zero or not a number. */
export const num = (v: number | string, fallback: number) =>
  typeof v === 'number' ? v : Number(v) || fallback;
/** A number input's value as a number, or null when it is empty. */
export const nullableNum = (v: number | string) => (v === '' ? null : Number(v));
