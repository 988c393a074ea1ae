import { z } from 'zod';
import {
  COURSE_STATUSES,
  EXPORT_STATUSES,
  VERIFICATION_LEVELS,
  termKeySchema,
  type ExportStatus,
} from './bachelor';
import { pageOf, pageQuerySchema } from './common';

// Final-grade verification of a bachelor term and the export statuses of its students
// (docs/decisions/0022 "As built: verification and export statuses").

/** The hash an approval signs: sha256 hex of the canonical grade set. */
export const gradeSetHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'Reload the page: the grade set’s fingerprint is missing' });

export const verificationQuerySchema = z.object({ termKey: termKeySchema });
export type VerificationQuery = z.infer<typeof verificationQuerySchema>;

/**
 * What the approve buttons send: the term and the hash of the grade set the approver saw.
 * Strict like every body that signs something: an unknown key is refused, never ignored.
 */
export const approveTermSchema = z
  .object({ termKey: termKeySchema, hash: gradeSetHashSchema })
  .strict();
export type ApproveTermInput = z.infer<typeof approveTermSchema>;
export const approveClcSchema = approveTermSchema
  .extend({ clcId: z.number({ error: 'Choose a CLC' }).int().positive() })
  .strict();
export type ApproveClcInput = z.infer<typeof approveClcSchema>;

/** One grade whose approved value moved: what the approver saw, and what it is now. */
export const gradeChangeSchema = z.object({
  studentCourseId: z.number(),
  student: z.string(),
  courseCode: z.string(),
  /** added: not in the approved set; removed: no longer in the set; changed: score or version. */
  change: z.enum(['added', 'removed', 'changed']),
  oldScore: z.number().nullable(),
  newScore: z.number().nullable(),
  oldVersion: z.number().nullable(),
  newVersion: z.number().nullable(),
});
export type GradeChange = z.infer<typeof gradeChangeSchema>;

export const VERIFICATION_STATES = ['waiting', 'blocked', 'approved', 'stale'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
export const VERIFICATION_STATE_LABELS: Record<VerificationState, string> = {
  waiting: 'Waiting for approval',
  blocked: 'Waiting for the level below',
  approved: 'Approved',
  stale: 'Stale: grades changed since the approval',
};

/** One approval scope: the whole term (BASIC, UNI) or one CLC of it (CLC). */
export const verificationScopeSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  clcId: z.number().nullable(),
  clcName: z.string().nullable(),
  state: z.enum(VERIFICATION_STATES),
  /** Why it cannot be approved yet (blocked), or why a grade set cannot be approved now. */
  blockedBy: z.string().nullable(),
  /** The grade set now: its hash (sent back when approving), size and flagged grades. */
  hash: z.string(),
  grades: z.number(),
  flagged: z.number(),
  /** The last approval of this scope (current or stale). */
  approval: z
    .object({
      id: z.number(),
      by: z.string().nullable(),
      at: z.string(),
      hash: z.string(),
      grades: z.number(),
      staleAt: z.string().nullable(),
    })
    .nullable(),
  /** A stale approval's reasons: the grades that changed since (at most 50), and how many. */
  changes: z.array(gradeChangeSchema),
  changeCount: z.number(),
});
export type VerificationScope = z.infer<typeof verificationScopeSchema>;

export const termVerificationSchema = z.object({
  termKey: z.string(),
  termName: z.string(),
  levels: z.array(verificationScopeSchema),
  /** UNI: what changed since the last university approval (null before the first one). */
  sinceUni: z
    .object({
      approvedAt: z.string(),
      changes: z.array(gradeChangeSchema),
      changeCount: z.number(),
    })
    .nullable(),
});
export type TermVerification = z.infer<typeof termVerificationSchema>;

/** The grade table of a term (paged): every student course and its result. */
export const verificationGradesQuerySchema = pageQuerySchema.extend({
  termKey: termKeySchema,
  clcId: z.coerce.number().int().positive().optional(),
  flagged: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type VerificationGradesQuery = z.input<typeof verificationGradesQuerySchema>;

export const GRADE_FLAGS = ['missing', 'not-final'] as const;
export type GradeFlag = (typeof GRADE_FLAGS)[number];
export const GRADE_FLAG_LABELS: Record<GradeFlag, string> = {
  missing: 'No grade',
  'not-final': 'Not final',
};

export const verificationGradeSchema = z.object({
  studentCourseId: z.number(),
  enrolmentId: z.number(),
  student: z.string(),
  jwlId: z.number(),
  clcName: z.string().nullable(),
  courseCode: z.string(),
  courseTitle: z.string(),
  status: z.enum(COURSE_STATUSES),
  score: z.number().nullable(),
  isFinal: z.boolean(),
  version: z.number(),
  flag: z.enum(GRADE_FLAGS).nullable(),
});
export type VerificationGrade = z.infer<typeof verificationGradeSchema>;
export const verificationGradePageSchema = pageOf(verificationGradeSchema);
export type VerificationGradePage = z.infer<typeof verificationGradePageSchema>;

export const approvedSchema = z.object({
  id: z.number(),
  hash: z.string(),
  grades: z.number(),
  approvedAt: z.string(),
});
export type Approved = z.infer<typeof approvedSchema>;

// ---- Export statuses (spec §4): completed → completed-exported → graduated ----

/** A student's export status, or none yet. */
export const EXPORT_STATUS_FILTERS = ['none', ...EXPORT_STATUSES] as const;
export type ExportStatusFilter = (typeof EXPORT_STATUS_FILTERS)[number];
export const EXPORT_STATUS_FILTER_LABELS: Record<ExportStatusFilter, string> = {
  none: 'Not completed yet',
  completed: 'Completed',
  'completed-exported': 'Completed and exported',
  graduated: 'Graduated',
};

export const exportStudentsQuerySchema = pageQuerySchema.extend({
  status: z.enum(EXPORT_STATUS_FILTERS).optional(),
  /** Only students who hold a final passing result in every course of the programme. */
  eligible: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type ExportStudentsQuery = z.input<typeof exportStudentsQuerySchema>;

export const exportStudentSchema = z.object({
  enrolmentId: z.number(),
  jwlId: z.number(),
  student: z.string(),
  clcName: z.string().nullable(),
  status: z.enum(EXPORT_STATUSES).nullable(),
  /** Courses with a final passing result, of how many the programme has. */
  passed: z.number(),
  courses: z.number(),
  batchId: z.number().nullable(),
  version: z.number().nullable(),
  changedAt: z.string().nullable(),
});
export type ExportStudent = z.infer<typeof exportStudentSchema>;
export const exportStudentPageSchema = pageOf(exportStudentSchema);
export type ExportStudentPage = z.infer<typeof exportStudentPageSchema>;

/** Mark completed / mark graduated: the students chosen (all or nothing). */
export const exportStatusMoveSchema = z.object({
  enrolmentIds: z
    .array(z.number().int().positive())
    .min(1, { error: 'Choose at least one student' })
    .max(1000, { error: 'At most 1,000 students at once' }),
});
export type ExportStatusMoveInput = z.infer<typeof exportStatusMoveSchema>;

/** The moves and the status each needs before it (the export itself is its own route). */
export const EXPORT_STATUS_MOVES = {
  complete: { label: 'Mark completed', from: null, to: 'completed' },
  graduate: { label: 'Mark graduated', from: 'completed-exported', to: 'graduated' },
} as const satisfies Record<string, { label: string; from: ExportStatus | null; to: ExportStatus }>;

/** Export a batch of completed students to the certifying university. */
export const exportBatchInputSchema = z.object({
  /** The completed students to export; every completed student when left out. */
  enrolmentIds: z.array(z.number().int().positive()).max(5000).optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type ExportBatchInput = z.input<typeof exportBatchInputSchema>;

export const exportBatchSchema = z.object({
  id: z.number(),
  rows: z.number(),
  fileName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportBatch = z.infer<typeof exportBatchSchema>;
export const exportBatchListSchema = z.object({ items: z.array(exportBatchSchema) });

export const exportMovedSchema = z.object({ moved: z.number() });
