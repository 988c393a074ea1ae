import { z } from 'zod';
import { EMPLOYEE_TYPES } from './enums';
import { VALIDATION } from './messages';
import { pageOf } from './common';

/** The checks of the user data checker (spec §2), by their path under userDataChecker/. */
export const DATA_CHECKS = [
  'duplicate-emails',
  'data-with-spaces',
  'phone-numbers',
  'mandatory-fields',
  'valid-emails',
  'mandatory-names',
  'possible-cleansing',
  'self-approved-transfers',
] as const;
export type DataCheck = (typeof DATA_CHECKS)[number];

export const DATA_CHECK_LABELS: Record<DataCheck, string> = {
  'duplicate-emails': 'Duplicate e-mails',
  'data-with-spaces': 'Data with spaces',
  'phone-numbers': 'Phone numbers',
  'mandatory-fields': 'Mandatory fields',
  'valid-emails': 'Valid e-mail',
  'mandatory-names': 'Mandatory name',
  'possible-cleansing': 'Possible data cleansing',
  'self-approved-transfers': 'Transfers approved by their proposer',
};

export const DATA_CHECK_DESCRIPTIONS: Record<DataCheck, string> = {
  'duplicate-emails': 'People who share an e-mail address with someone else (ignoring case).',
  'data-with-spaces':
    'Leading, trailing or doubled spaces in first name, last name, username or e-mail.',
  'phone-numbers':
    'Phone numbers not stored in international form: some can be normalised, others must be corrected by hand.',
  'mandatory-fields':
    'Fields the people forms require but the record lacks: a CLC; a student’s date of birth and identification number; a facilitator’s employee type.',
  'valid-emails': 'E-mail addresses that are not valid.',
  'mandatory-names': 'First or last name empty or without a single letter.',
  'possible-cleansing':
    'Names in all capitals or all lower case, and the same person entered twice (same name and date of birth).',
  'self-approved-transfers':
    'Students holding credit from a transfer in that the same person proposed and approved, from before approval needed a second person: review each.',
};

/** The checks that have a mechanical fix for all at once (after a preview). */
export const FIXABLE_CHECKS = ['data-with-spaces', 'phone-numbers', 'possible-cleansing'] as const;
export type FixableCheck = (typeof FIXABLE_CHECKS)[number];
export const isFixableCheck = (check: DataCheck): check is FixableCheck =>
  (FIXABLE_CHECKS as readonly string[]).includes(check);

/** The fields a checker fixes in place. */
export const CHECK_FIELDS = [
  'firstName',
  'lastName',
  'username',
  'email',
  'phone',
  'birthDate',
  'employeeType',
  'identificationNumber',
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];

export const CHECK_FIELD_LABELS: Record<CheckField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  email: 'E-mail',
  phone: 'Phone',
  birthDate: 'Date of birth',
  employeeType: 'Employee type',
  identificationNumber: 'Identification number',
};

export const dataCheckCountsSchema = z.object({
  counts: z.record(z.enum(DATA_CHECKS), z.number().int()),
  /** People checked: everyone not removed. */
  checked: z.number().int(),
});
export type DataCheckCounts = z.infer<typeof dataCheckCountsSchema>;

export const dataCheckQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
});
export type DataCheckQuery = z.infer<typeof dataCheckQuerySchema>;

/** One thing wrong with a person: the field, its value, why, and the fix when there is one. */
export const dataProblemSchema = z.object({
  field: z.enum(CHECK_FIELDS).nullable(),
  value: z.string().nullable(),
  message: z.string(),
  /** The mechanical fix's value (null: clear the field), absent when it needs a hand fix. */
  suggestion: z.string().nullable().optional(),
});
export type DataProblem = z.infer<typeof dataProblemSchema>;

export const dataCheckItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  employeeType: z.enum(EMPLOYEE_TYPES).nullable(),
  identificationNumber: z.string().nullable(),
  roles: z.array(z.string()),
  version: z.number().int(),
  /** What groups people of one finding (the shared e-mail; the duplicated person), if any. */
  group: z.string().nullable(),
  problems: z.array(dataProblemSchema),
});
export type DataCheckItem = z.infer<typeof dataCheckItemSchema>;
export const dataCheckPageSchema = pageOf(dataCheckItemSchema);
export type DataCheckPage = z.infer<typeof dataCheckPageSchema>;

/** Fix one field of one person in place, at the version the editor saw. */
export const dataFixOneSchema = z.object({
  version: z.number({ error: VALIDATION.number }).int().min(1),
  field: z.enum(CHECK_FIELDS, { error: VALIDATION.select }),
  value: z.string().max(300).nullable(),
});
export type DataFixOne = z.infer<typeof dataFixOneSchema>;

/** One person's change in a bulk fix: each field's value before and after. */
export const dataChangeSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  version: z.number().int().min(1),
  name: z.string().max(300).optional(),
  fields: z
    .array(
      z.object({
        field: z.enum(CHECK_FIELDS),
        before: z.string().max(300).nullable(),
        after: z.string().max(300).nullable(),
      }),
    )
    .min(1)
    .max(8),
});
export type DataChange = z.infer<typeof dataChangeSchema>;

/** At most this many people per bulk fix: a larger set is fixed in several rounds. */
export const BULK_FIX_MAX = 1000;

export const dataFixPreviewSchema = z.object({
  changes: z.array(dataChangeSchema),
  /** People the check lists that the mechanical fix cannot correct (fix them by hand). */
  manual: z.number().int(),
  /** More changes than one round takes: run the fix again after this one. */
  more: z.boolean(),
});
export type DataFixPreview = z.infer<typeof dataFixPreviewSchema>;

export const dataFixApplySchema = z.object({
  changes: z.array(dataChangeSchema).min(1).max(BULK_FIX_MAX),
});

export const dataFixResultSchema = z.object({
  changed: z.number().int(),
  /** Changed by someone else since the preview (or no longer matching it): left as they are. */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type DataFixResult = z.infer<typeof dataFixResultSchema>;

// ---------------------------------------------------------------------------------------------
// Data cleanup

export const CLEANUP_KINDS = ['stale-accounts', 'unprocessed-applicants', 'without-role'] as const;
export type CleanupKind = (typeof CLEANUP_KINDS)[number];

export const CLEANUP_LABELS: Record<CleanupKind, string> = {
  'stale-accounts': 'Accounts not used for a long time',
  'unprocessed-applicants': 'Applicants never processed',
  'without-role': 'Users without any role',
};

export const CLEANUP_DEFAULT_MONTHS = 24;

export const cleanupCriteriaSchema = z.object({
  kind: z.enum(CLEANUP_KINDS, { error: VALIDATION.select }),
  months: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, VALIDATION.number)
    .max(240, VALIDATION.number)
    .default(CLEANUP_DEFAULT_MONTHS),
});
export type CleanupCriteria = z.infer<typeof cleanupCriteriaSchema>;

export const cleanupPersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  roles: z.array(z.string()),
});

/**
 * Why a person the finder's criteria fit is kept: no finder selects someone in a programme
 * that is still going on (not finished or cancelled) — students never sign in to the sis.
 */
/** Reasons the database tells (what the person does); `rights` is the asker's grant rule (0015). */
export const CLEANUP_KEPT_BY_DATA = ['enrolment', 'class', 'staff'] as const;
export const CLEANUP_SPARED_REASONS = [...CLEANUP_KEPT_BY_DATA, 'rights'] as const;
export type CleanupSparedReason = (typeof CLEANUP_SPARED_REASONS)[number];
export const CLEANUP_SPARED_LABELS: Record<CleanupSparedReason, string> = {
  enrolment: 'applied or active in a programme not yet finished',
  class: 'placed in a class of a programme not yet finished',
  staff: 'teaching a class of a programme not yet finished',
  rights: 'holding roles you cannot grant, so you cannot remove them',
};

export const cleanupDryRunSchema = z.object({
  count: z.number().int(),
  /** The first 20, oldest first. */
  examples: z.array(cleanupPersonSchema),
  /** Fitting the criteria but kept: how many in all, and per reason (one person may have several). */
  spared: z.object({
    total: z.number().int(),
    reasons: z.array(z.object({ reason: z.enum(CLEANUP_SPARED_REASONS), count: z.number().int() })),
  }),
});
export type CleanupDryRun = z.infer<typeof cleanupDryRunSchema>;

export const cleanupRunInputSchema = cleanupCriteriaSchema.extend({
  /** The count the confirmation showed; a different count now asks for a new dry run. */
  expectedCount: z.number().int().min(0),
});

export const cleanupRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLEANUP_KINDS),
  months: z.number().int().nullable(),
  count: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  restoredAt: z.string().nullable(),
  restoredBy: z.string().nullable(),
});
export type CleanupRun = z.infer<typeof cleanupRunSchema>;
export const cleanupRunPageSchema = pageOf(cleanupRunSchema);

export const cleanupRestoreResultSchema = z.object({
  restored: z.number().int(),
  /** Merged into someone else or already back: left as they are. */
  skipped: z.number().int(),
});
