import { z } from 'zod';
import { TERMS } from './enums';
import type { Right } from './rights';

/**
 * The bachelor model's shared words (docs/decisions/0022): term keys, the course statuses of a
 * student in an offered course and their moves, export statuses, verification levels, the
 * credit ledger's entry kinds. Each area's requests and answers live in its own file
 * (`bachelor-cohorts`, `bachelor-terms`, `bachelor-credits`, `bachelor-verification`).
 */

export { TERMS };
export type TermSeason = (typeof TERMS)[number];
export const TERM_SEASON_LABELS: Record<TermSeason, string> = {
  sp: 'Spring',
  su: 'Summer',
  fa: 'Fall',
};

/** A term key as every route writes it: `<year>-<sp|su|fa>` (spec §2). */
export const TERM_KEY_PATTERN = /^(\d{4})-(sp|su|fa)$/;
export type TermKey = `${number}-${TermSeason}`;
export const termKeyOf = (year: number, season: TermSeason): TermKey => `${year}-${season}`;
export function parseTermKey(key: string): { year: number; season: TermSeason } | null {
  const match = TERM_KEY_PATTERN.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2100) return null;
  return { year, season: match[2] as TermSeason };
}
export const termKeySchema = z
  .string()
  .refine((s) => parseTermKey(s) !== null, { error: 'A term is written like 2026-fa' });
/** A `:termYear` route segment; a missing one means the current calendar year (spec §9). */
export const termYearSchema = z.coerce
  .number({ error: 'A year is written like 2026' })
  .int()
  .min(2000)
  .max(2100);
export const currentTermYear = (now = new Date()) => now.getUTCFullYear();
/** Terms of a year in their calendar order. */
export const TERM_ORDER: Record<TermSeason, number> = { sp: 0, su: 1, fa: 2 };
export const termLabel = (year: number, season: TermSeason) =>
  `${TERM_SEASON_LABELS[season]} ${year}`;

/** What a term offers: a course of the programme, or an internship (create-internship). */
export const OFFERING_KINDS = ['course', 'internship'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

/** A student's standing in one offered course of a term (spec §4 course statuses). */
export const COURSE_STATUSES = [
  'active',
  'open',
  'drop-delete',
  'failed',
  'retaken',
  'withdrawn',
] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  active: 'Active',
  open: 'Open (no final grade yet)',
  'drop-delete': 'Dropped (deleted)',
  failed: 'Failed',
  retaken: 'Retaken',
  withdrawn: 'Withdrawn',
};

/** Drop-delete is advised only this many days after term start (spec §9). */
export const DROP_DELETE_ADVISED_DAYS = 14;

type CourseStatusTransition = {
  label: string;
  from: readonly CourseStatus[];
  to: CourseStatus;
  right: Right;
  /** When: any time, or (drop-delete) advised only in the first two weeks after term start. */
  window: 'any' | 'first-two-weeks';
  confirm?: string;
};

/**
 * The course-status machine of a student in an offered course (docs/decisions/0022, the way
 * 0006 tables enrolments). The server refuses any other move with 409 and a sentence that says
 * why; after the window, drop-delete asks for a confirmation and a reason.
 */
export const COURSE_STATUS_ACTIONS = {
  open: {
    label: 'Close the course without a final grade (open)',
    from: ['active'],
    to: 'open',
    right: 'BA_STUDENT__EDIT',
    window: 'any',
  },
  reactivate: {
    label: 'Make active again',
    from: ['open', 'withdrawn', 'failed'],
    to: 'active',
    right: 'BA_STUDENT__EDIT',
    window: 'any',
  },
  dropDelete: {
    label: 'Drop and delete',
    from: ['active'],
    to: 'drop-delete',
    right: 'BA_STUDENT__EDIT',
    window: 'first-two-weeks',
    confirm:
      'Dropping deletes the course from the student’s term; their work in it stays in the record.',
  },
  fail: {
    label: 'Fail',
    from: ['active', 'open'],
    to: 'failed',
    right: 'BA_STUDENT__EDIT',
    window: 'any',
  },
  withdraw: {
    label: 'Withdraw',
    from: ['active', 'open'],
    to: 'withdrawn',
    right: 'BA_STUDENT__EDIT',
    window: 'any',
  },
  markRetaken: {
    label: 'Mark as retaken',
    from: ['failed'],
    to: 'retaken',
    right: 'BA_STUDENT__EDIT',
    window: 'any',
  },
} as const satisfies Record<string, CourseStatusTransition>;
export type CourseStatusAction = keyof typeof COURSE_STATUS_ACTIONS;
export const COURSE_STATUS_ACTION_KEYS = Object.keys(COURSE_STATUS_ACTIONS) as CourseStatusAction[];

/** Whether a date (YYYY-MM-DD) is inside the drop-delete window of a term starting `start`. */
export function inDropDeleteWindow(start: string, today: string): boolean {
  const days = (Date.parse(today) - Date.parse(start)) / 86_400_000;
  return days <= DROP_DELETE_ADVISED_DAYS;
}

/** Where a bachelor student stands towards their degree's export (spec §4). */
export const EXPORT_STATUSES = ['completed', 'completed-exported', 'graduated'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  completed: 'Completed',
  'completed-exported': 'Completed and exported',
  graduated: 'Graduated',
};

/** Final-grade verification levels, lowest first; each level's approval right (spec §6). */
export const VERIFICATION_LEVELS = ['BASIC', 'CLC', 'UNI'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];
export const VERIFICATION_LEVEL_LABELS: Record<VerificationLevel, string> = {
  BASIC: 'Basic check',
  CLC: 'CLC check',
  UNI: 'University approval',
};
export const VERIFICATION_RIGHTS: Record<VerificationLevel, Right> = {
  BASIC: 'BA_VERIFICATION_APPROVAL_BASIC__EDIT',
  CLC: 'BA_VERIFICATION_APPROVAL_CLC__EDIT',
  UNI: 'BA_VERIFICATION_APPROVAL_UNI__EDIT',
};

/** Kinds of entry in a student's credit ledger (append-only). */
export const CREDIT_ENTRY_KINDS = ['earned', 'transfer-in', 'transfer-out', 'replaced'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];
export const CREDIT_ENTRY_KIND_LABELS: Record<CreditEntryKind, string> = {
  earned: 'Earned in a course',
  'transfer-in': 'Transferred in',
  'transfer-out': 'Transferred out',
  replaced: 'Replaced by a retake',
};

export const TRANSFER_KINDS = ['internal', 'external'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const TRANSFER_STATES = ['proposed', 'approved', 'rejected'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  proposed: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** What every bachelor page's header reads: the programme, its courses and its terms. */
export const bachelorSummarySchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  status: z.string(),
  certifyingUniversity: z.string().nullable(),
  gradingSchemaId: z.number().nullable(),
  courses: z.array(
    z.object({ id: z.number(), code: z.string(), title: z.string(), units: z.number() }),
  ),
  terms: z.array(
    z.object({
      id: z.number(),
      key: z.string(),
      year: z.number(),
      season: z.enum(TERMS),
      name: z.string(),
      startDate: z.string(),
      weeks: z.number(),
    }),
  ),
});
export type BachelorSummary = z.infer<typeof bachelorSummarySchema>;
