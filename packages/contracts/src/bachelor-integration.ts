import { z } from 'zod';
import { pageOf, pageQuerySchema, requiredText } from './common';
import { VALIDATION } from './messages';
import { COURSE_STATUSES, EXPORT_STATUSES, TERMS, termKeySchema } from './bachelor';
import { ENROLMENT_STATES } from './programme';

/**
 * Integration with a certifying university (docs/decisions/0022 "As built: integration"): the
 * long-lived API tokens an admin creates for an integration user, and what BA_API answers.
 */

/** Every token starts with this, so a secret scanner (and our auth) can tell it apart. */
export const API_TOKEN_PREFIX = 'lnt_';
/** The characters of a token kept in clear to tell tokens apart in lists (prefix + 8). */
export const API_TOKEN_SHOWN_CHARS = API_TOKEN_PREFIX.length + 8;
/** A presented token: the prefix and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PATTERN = /^lnt_[A-Za-z0-9_-]{43}$/;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write a date like 2027-06-30');

/** A new token works this many days unless another last day is chosen. */
export const API_TOKEN_DEFAULT_DAYS = 365;
/** The last day (UTC, YYYY-MM-DD) of a token made on `today` when none is chosen. */
export const defaultApiTokenExpiry = (today: Date = new Date()): string =>
  new Date(today.getTime() + API_TOKEN_DEFAULT_DAYS * 86_400_000).toISOString().slice(0, 10);

export const apiTokenInputSchema = z.object({
  userId: z.coerce.number({ error: VALIDATION.select }).int().positive(VALIDATION.select),
  name: requiredText(100),
  /**
   * The last day the token works (UTC). Every new token ends: left out or empty, a year from
   * today. Tokens made before this without an expiry keep working and are flagged in the list.
   */
  expiresOn: z
    .union([isoDay, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : defaultApiTokenExpiry()))
    .refine((v) => v > new Date().toISOString().slice(0, 10), {
      error: 'The expiry must be after today',
    }),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  username: z.string(),
  name: z.string(),
  /** The first characters of the token (never the rest). */
  prefix: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const API_TOKEN_STATE_LABELS: Record<ApiToken['state'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const apiTokenQuerySchema = pageQuerySchema.extend({
  userId: z.coerce.number().int().positive().optional(),
  state: z.enum(['active', 'expired', 'revoked', 'all']).default('all'),
  sort: z.enum(['createdAt', 'name', 'lastUsedAt', 'user']).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const apiTokenListSchema = pageOf(apiTokenSchema);

/** The answer to a create: the token in clear, this once, and the stored row. */
export const apiTokenCreatedSchema = z.object({ token: z.string(), item: apiTokenSchema });

/** The users a token may be made for: those holding BA_API__DISPLAY in a role. */
export const apiTokenUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
});
export const apiTokenUserListSchema = z.object({ items: z.array(apiTokenUserSchema) });
/**
 * Who to list: `eligible`, those a token may be made for now; `holders`, those who hold a token
 * (in any state), for the list's user filter — a holder may have lost BA_API__DISPLAY since.
 */
export const API_TOKEN_USER_KINDS = ['eligible', 'holders'] as const;
export const apiTokenUserQuerySchema = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  kind: z.enum(API_TOKEN_USER_KINDS, { error: VALIDATION.select }).default('eligible'),
});

// ---------------------------------------------------------------------------------------------
// BA_API: `/api/:locale/integration/programme/bachelor[/:id/...]`

export const integrationProgrammeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.string(),
  certifyingUniversity: z.string().nullable(),
  students: z.number().int(),
});
export const integrationProgrammeListSchema = z.object({
  items: z.array(integrationProgrammeSchema),
});

export const integrationStudentQuerySchema = z.object({
  /** Students after this enrolment id (keyset paging: pass the last `enrolmentId` you got). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  exportStatus: z.enum(EXPORT_STATUSES).optional(),
});
export const integrationStudentSchema = z.object({
  enrolmentId: z.number().int(),
  jwlId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  clc: z.string().nullable(),
  cohort: z.string().nullable(),
  state: z.enum(ENROLMENT_STATES),
  exportStatus: z.enum(EXPORT_STATUSES).nullable(),
  /** Degree progress: the sum of the student's credit ledger. */
  credits: z.number(),
});
export const integrationStudentListSchema = z.object({
  items: z.array(integrationStudentSchema),
  /** The `after` of the next page, or null at the end. */
  next: z.number().int().nullable(),
});

export const integrationTermSchema = z.object({
  key: z.string(),
  year: z.number().int(),
  season: z.enum(TERMS),
  name: z.string(),
  startDate: z.string(),
  weeks: z.number().int(),
  offerings: z.number().int(),
  students: z.number().int(),
});
export const integrationTermListSchema = z.object({ items: z.array(integrationTermSchema) });

export const integrationResultSchema = z.object({
  jwlId: z.number().int(),
  enrolmentId: z.number().int(),
  courseCode: z.string().nullable(),
  courseTitle: z.string(),
  status: z.enum(COURSE_STATUSES),
  /** The course result on the programme's grading schema, or null before one is entered. */
  score: z.number().nullable(),
  /** Whether the result is final (changes only through a grade-change request). */
  final: z.boolean(),
});
export const integrationResultListSchema = z.object({
  term: z.string(),
  items: z.array(integrationResultSchema),
  next: z.number().int().nullable(),
});
export const integrationResultQuerySchema = z.object({
  /** Rows after this student-course id (keyset paging). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  finalOnly: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
});
export const integrationTermParams = z.object({ termKey: termKeySchema });

/** BA_API__EDIT: the university reports these students graduated (spec §4 export statuses). */
export const integrationGraduatedInputSchema = z.object({
  jwlIds: z
    .array(z.number().int().positive())
    .min(1, 'Name at least one student')
    .max(1000, 'At most 1,000 students a call'),
});
export const integrationGraduatedResultSchema = z.object({
  /** Moved to graduated now. */
  graduated: z.array(z.number().int()),
  /** Already graduated: nothing changed (the call may be repeated). */
  unchanged: z.array(z.number().int()),
});
