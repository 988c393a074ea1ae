// The grade book (decision 0019).
import { z } from 'zod';
import { TASK_DELIVERIES, TASK_STATES } from './learning-enums';
import { dir, id, limit, pointsSchema } from './teaching-fields';

export const GRADE_BOOK_SORTS = ['name', 'total'] as const;

export const gradeBookQuerySchema = z.object({
  classId: id.optional(),
  unitId: id.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(GRADE_BOOK_SORTS).default('name'),
  dir: dir.default('asc'),
  cursor: z.string().max(500).optional(),
  limit: limit(50),
});
export type GradeBookQuery = z.infer<typeof gradeBookQuerySchema>;

/** A cell: [state, points, published, late, version]; version 0 when there is no grade yet. */
export const gradeBookCellSchema = z.tuple([
  z.enum(TASK_STATES),
  z.number().nullable(),
  z.boolean(),
  z.boolean(),
  z.number().int(),
]);
export type GradeBookCell = z.infer<typeof gradeBookCellSchema>;

export const gradeBookSchema = z.object({
  course: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    weighting: z.enum(['points', 'weights']),
    scaleMax: z.number().nullable(),
  }),
  units: z.array(z.object({ id: z.number().int(), title: z.string() })),
  columns: z.array(
    z.object({
      id: z.number().int(),
      unitId: z.number().int(),
      title: z.string(),
      maxPoints: z.number(),
      weight: z.number().nullable(),
      delivery: z.enum(TASK_DELIVERIES),
      /** The caller grades tasks of this delivery (course responsibility, spec §6). */
      mayGrade: z.boolean(),
    }),
  ),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rows: z.array(
    z.object({
      studentId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      classId: z.number().int().nullable(),
      /** The learner is in the caller's grading scope. A cell may be entered only where its
       * row and column both say so (and mayEdit): what the save allows. */
      mayGrade: z.boolean(),
      cells: z.array(gradeBookCellSchema),
      /** Published points, and the course result on the schema's scale (missing grades 0). */
      points: z.number(),
      result: z.number().nullable(),
      /** The result over the published tasks only. */
      soFar: z.number().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
  /** The caller may enter grades inline (GRADE_BOOK__EDIT; responsibility per cell). */
  mayEdit: z.boolean(),
});
export type GradeBook = z.infer<typeof gradeBookSchema>;

export const gradeBookCellInputSchema = z
  .object({
    itemId: id,
    studentId: id,
    points: pointsSchema.nullable(),
    version: z.number().int().min(0).max(2_147_483_647),
  })
  .strict();
export type GradeBookCellInput = z.infer<typeof gradeBookCellInputSchema>;

export const gradeBookCellResultSchema = z.object({ cell: gradeBookCellSchema });

export const gradeBookExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  classId: id.optional(),
  unitId: id.optional(),
  q: z.string().trim().max(200).optional(),
});
