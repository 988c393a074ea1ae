// Field schemas the teaching contracts share: ids, sort direction, page size and points.
import { z } from 'zod';
import { VALIDATION } from './messages';

export const id = z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647);
/** Submissions and other tracking rows have bigint ids (within JavaScript's safe range). */
export const bigId = z.coerce
  .number({ error: VALIDATION.number })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);
export const dir = z.enum(['asc', 'desc']);
export const limit = (byDefault: number) =>
  z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(byDefault);

/** Points as entered: at most two decimals. */
export const pointsSchema = z
  .number({ error: VALIDATION.number })
  .min(0, 'At least 0')
  .max(10_000, 'At most 10,000')
  // Within a rounding error: 8.7 * 100 is 869.9999999999999 in binary floating point.
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');
