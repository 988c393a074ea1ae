// The dates the programme contracts read: an ISO date field, and a real calendar day.
import { z } from 'zod';
import { VALIDATION } from './messages';

export const isoDate = z
  .string({ error: VALIDATION.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), VALIDATION.date);

/** A real calendar day written YYYY-MM-DD (not 2001-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
