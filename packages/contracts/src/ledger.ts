import { z } from 'zod';
import { GRADE_EVENT_ACTIONS, GRADE_EVENT_SUBJECTS, GRADE_OUTCOMES } from './learning-enums';

// The grade ledger's reads (decision 0021): a student's grade history, their grades as of a
// time, and a class's published grade book as of a time.

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A point in time: an ISO date-time, or a date alone for the end of that day in UTC (certificate
 * dates are UTC, spec §9). Not in the future.
 */
export const asOfSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Please provide a valid Date',
  })
  // Kept as written (the database reads it): a Date would cut the microseconds events carry.
  .transform((v) => (v.length === 10 ? `${v}T23:59:59.999999Z` : v))
  .refine((v) => Date.parse(v) <= Date.now() + 60_000, 'Choose a time that has passed.');

export const gradeHistoryQuerySchema = z.object({
  courseId: id.optional(),
  /** The id of the last event of the previous page (newest first). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type GradeHistoryQuery = z.infer<typeof gradeHistoryQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

const gradeState = z.object({
  points: z.number().nullable(),
  outcome: z.enum(GRADE_OUTCOMES).nullable(),
  published: z.boolean().nullable(),
});

export const gradeHistoryEntrySchema = z.object({
  id: z.number().int(),
  subject: z.enum(GRADE_EVENT_SUBJECTS),
  action: z.enum(GRADE_EVENT_ACTIONS),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  /** The task; null for a course result. */
  item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  old: gradeState,
  new: gradeState,
  /** The comment, when this event set it. */
  comment: z.string().nullable(),
  /** The task's maximum (a course result: the scale's) at the time. */
  maxPoints: z.number(),
  gradingSchemaId: z.number().int().nullable(),
  gradingSchemaVersion: z.number().int().nullable(),
  itemVersion: z.number().int().nullable(),
  /** The grade's version after this event. */
  gradeVersion: z.number().int(),
  /** null: the system (a machine's grade). */
  actor: person.nullable(),
  /** Who acted on the actor's behalf, when impersonating. */
  impersonator: person.nullable(),
  reason: z.string().nullable(),
  requestId: z.number().int().nullable(),
  at: z.string(),
});
export type GradeHistoryEntry = z.infer<typeof gradeHistoryEntrySchema>;

export const gradeHistoryPageSchema = z.object({
  student: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  entries: z.array(gradeHistoryEntrySchema),
  /** `before` for the next page; null at the end. */
  next: z.number().int().nullable(),
});
export type GradeHistoryPage = z.infer<typeof gradeHistoryPageSchema>;

export const studentAsOfQuerySchema = z.object({ at: asOfSchema, courseId: id.optional() });

export const gradeAsOfSchema = z.object({
  subject: z.enum(GRADE_EVENT_SUBJECTS),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  points: z.number().nullable(),
  outcome: z.enum(GRADE_OUTCOMES).nullable(),
  published: z.boolean(),
  comment: z.string().nullable(),
  maxPoints: z.number(),
  /** The grade's version then. */
  version: z.number().int(),
  /** When it last changed before the time asked. */
  changedAt: z.string(),
});
export type GradeAsOf = z.infer<typeof gradeAsOfSchema>;

export const studentGradesAsOfSchema = z.object({
  at: z.string(),
  student: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  grades: z.array(gradeAsOfSchema),
});
export type StudentGradesAsOf = z.infer<typeof studentGradesAsOfSchema>;

export const gradeBookAsOfQuerySchema = z.object({ classId: id, at: asOfSchema });

export const gradeBookAsOfExportQuerySchema = gradeBookAsOfQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** A published cell as the learner saw it then; null: nothing published then. */
export const publishedCellSchema = z
  .object({ points: z.number().nullable(), outcome: z.enum(GRADE_OUTCOMES) })
  .nullable();

export const gradeBookAsOfSchema = z.object({
  at: z.string(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  class: z.object({ id: z.number().int(), name: z.string() }),
  /** The graded items that existed then, in the grade book's order. */
  columns: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      unitTitle: z.string(),
      maxPoints: z.number(),
    }),
  ),
  rows: z.array(
    z.object({
      studentId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      cells: z.array(publishedCellSchema),
      /** Σ published points then. */
      points: z.number(),
      /** The result "so far" on the schema's scale then (published grades only); null without one. */
      soFar: z.number().nullable(),
    }),
  ),
});
export type GradeBookAsOf = z.infer<typeof gradeBookAsOfSchema>;
