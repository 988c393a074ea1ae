import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { VALIDATION } from './messages';

/** A required text: empty or blank is 'This field must be filled'. */
export const requiredText = (max = 255) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, `At most ${max} characters`);

export const emailSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .pipe(z.email({ error: VALIDATION.email }));

export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(PAGE_SIZE_MAX).default(25),
  q: z.string().trim().max(200).optional(),
});

export const okSchema = z.object({ ok: z.literal(true) });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
