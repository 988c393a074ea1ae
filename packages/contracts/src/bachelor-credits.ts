import { z } from 'zod';
import { CREDIT_ENTRY_KINDS, TRANSFER_KINDS, TRANSFER_STATES } from './bachelor';
import { VALIDATION } from './messages';

// The credit ledger, grade conversions, transfers in and out and grades out of a bachelor
// programme (docs/decisions/0022, "As built: credits"). The web forms and the server validate
// with these schemas.

const id = z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647);
/** An id picked in a select: when none is, the field says what to choose. */
const chosen = (message: string) =>
  z.coerce.number({ error: message }).int().positive(message).max(2_147_483_647);
const version = z.number({ error: VALIDATION.number }).int().min(1).max(2_147_483_647);
const gradeSchema = z
  .number({ error: 'Enter the grade as a number' })
  .min(0, 'A grade is 0 or more')
  .max(10_000, 'A grade is at most 10,000');
const creditsSchema = z
  .number({ error: 'Enter the credits as a number' })
  .positive('Credits are more than 0')
  .max(60, 'At most 60 credits');
const reasonSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, 'Say why.')
  .max(2000, 'At most 2,000 characters');
const pageSchema = z.coerce
  .number({ error: 'Choose a page from 1 to 1,000.' })
  .int('Choose a page from 1 to 1,000.')
  .min(1, 'Choose a page from 1 to 1,000.')
  .max(1000, 'Choose a page from 1 to 1,000.')
  .default(1);
const pageSizeSchema = z.coerce
  .number({ error: VALIDATION.number })
  .int()
  .min(1)
  .max(100, 'At most 100 a page')
  .default(25);

// ---------------------------------------------------------------- conversions

/** One rule of a conversion: a source grade ≥ `min` converts to `grade` (and its label). */
export const conversionRuleSchema = z.object({
  min: gradeSchema,
  grade: gradeSchema,
  label: z.string().trim().max(40, 'At most 40 characters').optional(),
});
export type ConversionRule = z.infer<typeof conversionRuleSchema>;

/** `POST …/conversions`: a new version of the from → to table (a version is never edited). */
export const conversionInputSchema = z
  .object({
    fromSchemaId: id,
    toSchemaId: id,
    rules: z
      .array(conversionRuleSchema)
      .min(1, 'Add at least one rule')
      .max(100, 'At most 100 rules'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.fromSchemaId === v.toSchemaId)
      ctx.addIssue({
        code: 'custom',
        path: ['toSchemaId'],
        message: 'Choose a schema other than the source',
      });
    const seen = new Set<number>();
    v.rules.forEach((r, i) => {
      if (seen.has(r.min))
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'min'],
          message: 'Each rule needs its own minimum',
        });
      seen.add(r.min);
    });
  })
  .transform((v) => ({ ...v, rules: sortRules(v.rules) }));
export type ConversionInput = z.input<typeof conversionInputSchema>;

/** Rules highest minimum first, as `convert` reads them. */
export function sortRules(rules: readonly ConversionRule[]): ConversionRule[] {
  return [...rules].sort((a, b) => b.min - a.min);
}

/**
 * A grade under a conversion: the first rule (highest minimum first) the grade reaches; null
 * when it reaches none. Pure: the server, the web preview and the grades-out export share it.
 */
export function convert(
  grade: number,
  conversion: { rules: readonly ConversionRule[] },
): { grade: number; label: string | null } | null {
  for (const rule of sortRules(conversion.rules))
    if (grade >= rule.min) return { grade: rule.grade, label: rule.label ?? null };
  return null;
}

/** A grade on a given scale (no schema of ours) on another: proportional, to two decimals. */
export const rescale = (grade: number, fromMax: number, toMax: number) =>
  Math.round(((grade / fromMax) * toMax + Number.EPSILON) * 100) / 100;

export const gradingSchemaOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  version: z.number(),
  scaleMax: z.number(),
  passMark: z.number(),
});
export type GradingSchemaOption = z.infer<typeof gradingSchemaOptionSchema>;

export const conversionSchema = z.object({
  id: z.number(),
  fromSchemaId: z.number(),
  fromSchemaName: z.string(),
  toSchemaId: z.number(),
  toSchemaName: z.string(),
  version: z.number(),
  rules: z.array(conversionRuleSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The newest version of its from → to pair: the one new transfers use. */
  current: z.boolean(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionListSchema = z.object({
  /** The programme's own schema: what transfers in convert to. */
  programmeSchemaId: z.number().nullable(),
  schemas: z.array(gradingSchemaOptionSchema),
  conversions: z.array(conversionSchema),
});
export type ConversionList = z.infer<typeof conversionListSchema>;

export const conversionQuerySchema = z.object({
  fromSchemaId: id.optional(),
  toSchemaId: id.optional(),
});

// ---------------------------------------------------------------- ledger

export const creditEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  courseId: z.number().nullable(),
  courseCode: z.string().nullable(),
  courseTitle: z.string().nullable(),
  credits: z.number(),
  gradeEventId: z.number().nullable(),
  transferId: z.number().nullable(),
  replacesEntryId: z.number().nullable(),
  /** Where it came from: the course here, the other programme, or the institution. */
  source: z.string(),
  sourceGrade: z.number().nullable(),
  sourceSchema: z.string().nullable(),
  sourceSchemaVersion: z.number().nullable(),
  convertedGrade: z.number().nullable(),
  conversionId: z.number().nullable(),
  conversionVersion: z.number().nullable(),
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const studentCreditsSchema = z.object({
  enrolmentId: z.number(),
  jwlId: z.number(),
  name: z.string(),
  /** Σ credits of the entries: the degree progress. */
  progress: z.number(),
  /** Σ units of the programme's courses: what the degree asks for. */
  required: z.number(),
  entries: z.array(creditEntrySchema),
});
export type StudentCredits = z.infer<typeof studentCreditsSchema>;

export const creditStudentsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  limit: pageSizeSchema,
});
export type CreditStudentsQuery = z.input<typeof creditStudentsQuerySchema>;

export const creditStudentRowSchema = z.object({
  enrolmentId: z.number(),
  jwlId: z.number(),
  name: z.string(),
  clc: z.string().nullable(),
  state: z.string(),
  progress: z.number(),
  entries: z.number(),
});
export type CreditStudentRow = z.infer<typeof creditStudentRowSchema>;
export const creditStudentListSchema = z.object({
  items: z.array(creditStudentRowSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type CreditStudentList = z.infer<typeof creditStudentListSchema>;

// ---------------------------------------------------------------- transfers in

/** An internal transfer: the same person's final result in another Lantern programme. */
export const transferInInternalSchema = z
  .object({
    kind: z.literal('internal'),
    enrolmentId: chosen('Choose the student'),
    courseId: chosen('Choose the course it counts for'),
    /** The same person's enrolment in another Lantern programme, and its course. */
    sourceEnrolmentId: id,
    sourceCourseId: id,
    credits: creditsSchema.optional(),
  })
  .strict();

/** An external transfer: another institution's course, on one of our schemas or a given scale. */
export const transferInExternalSchema = z
  .object({
    kind: z.literal('external'),
    enrolmentId: chosen('Choose the student'),
    courseId: chosen('Choose the course it counts for'),
    institution: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(2, 'Name the institution')
      .max(200, 'At most 200 characters'),
    sourceCourseTitle: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(2, 'Name the course taken there')
      .max(200, 'At most 200 characters'),
    sourceGrade: gradeSchema,
    /** One of our grading schemas, or else the scale's maximum the grade was given on. */
    sourceSchemaId: id.nullable().optional(),
    sourceScaleMax: z
      .number({ error: 'Enter the scale’s maximum' })
      .positive('The scale’s maximum is more than 0')
      .max(10_000)
      .nullable()
      .optional(),
    credits: creditsSchema,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.sourceSchemaId == null && v.sourceScaleMax == null)
      ctx.addIssue({
        code: 'custom',
        path: ['sourceSchemaId'],
        message: 'Choose the grading schema, or give the scale’s maximum',
      });
    if (v.sourceScaleMax != null && v.sourceGrade > v.sourceScaleMax)
      ctx.addIssue({
        code: 'custom',
        path: ['sourceGrade'],
        message: 'The grade is above the scale’s maximum',
      });
  });

/** `POST …/transfer-in`: propose (BA_TRANSFER_IN__CREATE); approval is another person's step. */
export const transferInInputSchema = z.discriminatedUnion(
  'kind',
  [transferInInternalSchema, transferInExternalSchema],
  { error: VALIDATION.select },
);
export type TransferInInput = z.input<typeof transferInInputSchema>;

export const transferDecisionSchema = z
  .object({ version, reason: reasonSchema.optional() })
  .strict();
export const transferRejectSchema = z.object({ version, reason: reasonSchema }).strict();

export const transferSchema = z.object({
  id: z.number(),
  version: z.number(),
  direction: z.enum(['in', 'out']),
  kind: z.enum(TRANSFER_KINDS),
  state: z.enum(TRANSFER_STATES),
  enrolmentId: z.number(),
  jwlId: z.number(),
  studentName: z.string(),
  courseId: z.number().nullable(),
  courseCode: z.string().nullable(),
  courseTitle: z.string().nullable(),
  /** The other programme (internal) or the institution (external), and its course. */
  source: z.string().nullable(),
  sourceCourse: z.string().nullable(),
  sourceGrade: z.number().nullable(),
  sourceSchema: z.string().nullable(),
  sourceSchemaVersion: z.number().nullable(),
  sourceScaleMax: z.number().nullable(),
  convertedGrade: z.number().nullable(),
  convertedLabel: z.string().nullable(),
  targetSchema: z.string().nullable(),
  conversionId: z.number().nullable(),
  conversionVersion: z.number().nullable(),
  credits: z.number(),
  reason: z.string().nullable(),
  proposedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  ledgerEntryId: z.number().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferListQuerySchema = z.object({
  state: z.enum(TRANSFER_STATES, { error: VALIDATION.select }).optional(),
  kind: z.enum(TRANSFER_KINDS, { error: VALIDATION.select }).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  limit: pageSizeSchema,
});
export type TransferListQuery = z.input<typeof transferListQuerySchema>;
export const transferListSchema = z.object({
  items: z.array(transferSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type TransferList = z.infer<typeof transferListSchema>;

/** A final course result of the same person in another programme: what an internal transfer takes. */
export const transferSourceSchema = z.object({
  enrolmentId: z.number(),
  programmeCode: z.string(),
  programmeTitle: z.string(),
  courseId: z.number(),
  courseCode: z.string(),
  courseTitle: z.string(),
  units: z.number(),
  score: z.number(),
  schemaId: z.number().nullable(),
  schemaName: z.string().nullable(),
  schemaVersion: z.number().nullable(),
});
export type TransferSource = z.infer<typeof transferSourceSchema>;
export const transferSourcesSchema = z.object({ sources: z.array(transferSourceSchema) });

// ---------------------------------------------------------------- transfers out, grades out

export const transferOutInputSchema = z.object({ enrolmentId: id, reason: reasonSchema }).strict();
export type TransferOutInput = z.input<typeof transferOutInputSchema>;

export const gradesOutQuerySchema = z.object({
  gradingSchemaId: id,
  courseId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const gradesOutExportSchema = z.object({
  gradingSchemaId: id,
  courseId: id.optional(),
  format: z.enum(['csv', 'xlsx'], { error: VALIDATION.select }).default('csv'),
});
export type GradesOutExport = z.input<typeof gradesOutExportSchema>;

export const gradesOutRowSchema = z.object({
  enrolmentId: z.number(),
  jwlId: z.number(),
  name: z.string(),
  courseCode: z.string(),
  courseTitle: z.string(),
  credits: z.number(),
  grade: z.number().nullable(),
  gradeSchema: z.string().nullable(),
  convertedGrade: z.number().nullable(),
  convertedLabel: z.string().nullable(),
  conversionId: z.number().nullable(),
  conversionVersion: z.number().nullable(),
  transferredOut: z.boolean(),
  /** Every ledger entry the row rests on. */
  entryIds: z.array(z.number()),
  note: z.string().nullable(),
});
export type GradesOutRow = z.infer<typeof gradesOutRowSchema>;
export const gradesOutPreviewSchema = z.object({
  total: z.number(),
  rows: z.array(gradesOutRowSchema),
  lastBatch: z
    .object({
      id: z.number(),
      rows: z.number(),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
    })
    .nullable(),
});
export type GradesOutPreview = z.infer<typeof gradesOutPreviewSchema>;
