import { z } from 'zod';
import { termKeySchema } from './bachelor';
import { pageOf, requiredText } from './common';
import { VALIDATION } from './messages';
import { APPLICANT_IMPORT_COLUMNS, fileReadingSchema, importProblemSchema } from './programme';

/**
 * Cohorts of a bachelor programme and their imports (spec §2 `cohorts/list`, `cohorts/new`,
 * `cohorts/import/:cohortId`; decision 0022, as built: imports).
 */

export const COHORT_CODE_TEXTS = {
  taken: 'This programme has a cohort with this code already',
  notEmpty: 'Only a cohort without students can be deleted',
};

export const cohortInputSchema = z.object({
  code: requiredText(40).pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Letters, digits, spaces, dots and dashes'),
  ),
  intakeTerm: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .pipe(termKeySchema),
});
export type CohortInput = z.output<typeof cohortInputSchema>;
export const cohortEditSchema = cohortInputSchema.extend({ version: z.number().int() });
export type CohortEdit = z.output<typeof cohortEditSchema>;

export const cohortSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  intakeTerm: z.string(),
  /** Members in the caller's reach (a CLC-bound role counts its CLCs' students only). */
  members: z.number().int(),
  lastImportAt: z.string().nullable(),
  lastImportFile: z.string().nullable(),
  version: z.number().int(),
});
export type Cohort = z.infer<typeof cohortSchema>;

export const COHORT_SORTS = ['code', 'intakeTerm', 'members', 'lastImportAt'] as const;
export const cohortListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(COHORT_SORTS).default('intakeTerm'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const cohortPageSchema = pageOf(cohortSchema);

/** The columns of a cohort file: those of an applicant file (the same row schema). */
export const COHORT_IMPORT_COLUMNS = APPLICANT_IMPORT_COLUMNS;

/** The fields an import writes onto a person, and compares with the last import's values. */
export const COHORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'gender',
  'birthDate',
  'clcCode',
] as const;
export type CohortField = (typeof COHORT_FIELDS)[number];
export const COHORT_FIELD_LABELS: Record<CohortField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  gender: 'Gender',
  birthDate: 'Birth date',
  clcCode: 'CLC',
};

/** Entries of each diff list the report carries (the counts are always whole). */
export const COHORT_DIFF_LIMIT = 200;

const personRef = z.object({
  /** The file's row (null for someone no longer listed). */
  row: z.number().int().nullable(),
  jwlId: z.number().int().nullable(),
  name: z.string(),
});
export const cohortChangeSchema = z.object({
  field: z.enum(COHORT_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * The person's value now, when it differs from what the last import wrote: someone edited it
   * by hand since, and applying the file overwrites that edit.
   */
  manual: z.string().nullable(),
});
export const cohortImportReportSchema = z.object({
  /** True when nothing was written: a dry run, or a file with problems. */
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblemSchema),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Members of the last import whom this file no longer lists (reported, never removed). */
  unlisted: z.number().int(),
  /** Changes that would overwrite (or did overwrite) a hand edit made since the last import. */
  overwrites: z.number().int(),
  diff: z.object({
    added: z.array(personRef),
    changed: z.array(personRef.extend({ changes: z.array(cohortChangeSchema) })),
    unlisted: z.array(personRef),
  }),
  /** The applied import (null for a dry run). */
  importId: z.number().int().nullable(),
  reading: fileReadingSchema.optional(),
});
export type CohortImportReport = z.infer<typeof cohortImportReportSchema>;
