import { z } from 'zod';
import { VALIDATION } from './messages';
import { pageOf } from './common';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

const optionalInt = (min: number, max: number) =>
  z
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(min, `At least ${min}`)
    .max(max, `At most ${max}`)
    .nullable()
    .default(null);

/** What a CLC form sends; the server checks the country, time zone and phone on top. */
export const clcInputSchema = z
  .object({
    name: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .max(120, 'At most 120 characters'),
    code: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{2,10}$/, '2 to 10 letters or digits')),
    financeCode: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .regex(/^\d{4}$/, 'The finance code has exactly 4 digits'),
    maxStudents: optionalInt(1, 100_000),
    minorPermission: z.boolean({ error: VALIDATION.boolean }).default(false),
    minAgeForMinors: optionalInt(10, 17),
    isGel: z.boolean({ error: VALIDATION.boolean }).default(false),
    signeeName: optionalText(120),
    signeeTitle: optionalText(120),
    country: z
      .string({ error: VALIDATION.select })
      .trim()
      .regex(/^[A-Z]{2}$/, VALIDATION.select),
    address: optionalText(500),
    timeZone: z.string({ error: VALIDATION.select }).trim().min(1, VALIDATION.select).max(64),
    contactName: optionalText(120),
    contactEmail: z
      .string()
      .trim()
      .transform((v) => (v === '' ? null : v))
      .pipe(z.email({ error: VALIDATION.email }).nullable())
      .nullable()
      .default(null),
    contactPhone: optionalText(40),
    isActive: z.boolean({ error: VALIDATION.boolean }).default(true),
  })
  .refine((v) => !v.minorPermission || v.minAgeForMinors !== null, {
    path: ['minAgeForMinors'],
    message: 'Give the minimum age when minors are permitted',
  });
export type ClcInput = z.input<typeof clcInputSchema>;

export const clcUpdateSchema = z.object({
  version: z.number({ error: VALIDATION.number }).int().min(1),
  data: clcInputSchema,
});

export const clcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  financeCode: z.string(),
  maxStudents: z.number().int().nullable(),
  minorPermission: z.boolean(),
  minAgeForMinors: z.number().int().nullable(),
  isGel: z.boolean(),
  signeeName: z.string().nullable(),
  signeeTitle: z.string().nullable(),
  country: z.string(),
  address: z.string().nullable(),
  timeZone: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  isActive: z.boolean(),
  logo: z.string().nullable(),
  signature: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Clc = z.infer<typeof clcSchema>;

export const CLC_SORTS = ['name', 'code', 'country', 'financeCode', 'people', 'createdAt'] as const;

export const clcListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, VALIDATION.select)
    .optional(),
  active: z.enum(['true', 'false']).optional(),
  gel: z.enum(['true', 'false']).optional(),
  sort: z.enum(CLC_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type ClcListQuery = z.infer<typeof clcListQuerySchema>;

export const clcListItemSchema = clcSchema
  .pick({
    id: true,
    name: true,
    code: true,
    financeCode: true,
    country: true,
    isGel: true,
    isActive: true,
    maxStudents: true,
  })
  .extend({ people: z.number().int() });
export const clcPageSchema = pageOf(clcListItemSchema);

/** One row of a record's history: who changed what, when. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  impersonator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
