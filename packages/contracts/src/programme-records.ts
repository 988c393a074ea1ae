// Programmes: their input, what the server answers, and the list.
import { z } from 'zod';
import { pageOf, requiredText } from './common';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import { VALIDATION } from './messages';
import {
  ENROLMENT_STATES,
  PROGRAMME_ACTION_KEYS,
  type ProgrammeAction,
} from './programme-statuses';
import { isoDate } from './programme-dates';

export const PROGRAMME_CODE_TEXT = 'The programme code has exactly 3 digits';

export const courseInputSchema = z.object({
  /** Present for a course that exists (its results stay with it); absent for a new one. */
  id: z.coerce.number().int().positive().optional(),
  code: requiredText(20),
  title: requiredText(200),
  units: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, 'At least 1')
    .max(60, 'At most 60'),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const programmeInputSchema = z
  .object({
    code: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .regex(/^\d{3}$/, PROGRAMME_CODE_TEXT),
    internalName: requiredText(120),
    title: requiredText(200),
    startDate: isoDate,
    endDate: isoDate,
    gradingSchemaId: z.coerce
      .number({ error: VALIDATION.select })
      .int()
      .positive(VALIDATION.select),
    certifyingUniversity: requiredText(200),
    certificateText: requiredText(2000),
    clcIds: z
      .array(z.coerce.number().int().positive(), { error: VALIDATION.multiSelect })
      .min(1, VALIDATION.multiSelect),
    courses: z.array(courseInputSchema).min(1, 'Add at least one course').max(60),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end date must not be before the start date',
      });
    const seen = new Set<string>();
    v.courses.forEach((course, i) => {
      const key = course.code.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['courses', i, 'code'],
          message: 'Each course code once',
        });
      seen.add(key);
    });
  });
export type ProgrammeInput = z.infer<typeof programmeInputSchema>;

export const programmeUpdateSchema = programmeInputSchema.and(
  z.object({ version: z.coerce.number().int().positive() }),
);

export const courseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  units: z.number().int(),
});

export const enrolmentCountsSchema = z.record(z.enum(ENROLMENT_STATES), z.number().int());

export const programmeSchema = z.object({
  id: z.number().int(),
  type: z.enum(PROGRAMME_TYPES),
  code: z.string(),
  internalName: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PROGRAMME_STATUSES),
  gradingSchema: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  certifyingUniversity: z.string().nullable(),
  certificateText: z.string().nullable(),
  clcs: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  courses: z.array(courseSchema),
  /** Students by state, and how many are on a study break today. */
  enrolments: enrolmentCountsSchema,
  onBreak: z.number().int(),
  certificates: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const PROGRAMME_SORTS = [
  'code',
  'title',
  'startDate',
  'endDate',
  'status',
  'students',
] as const;
export type ProgrammeSort = (typeof PROGRAMME_SORTS)[number];

export const programmeListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  type: z.enum(PROGRAMME_TYPES).default('professional'),
  status: z.enum(PROGRAMME_STATUSES).optional(),
  year: z.coerce.number().int().min(1990).max(2200).optional(),
  clc: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(PROGRAMME_SORTS).default('startDate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type ProgrammeListQuery = z.infer<typeof programmeListQuerySchema>;

export const programmeListItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(PROGRAMME_TYPES),
  code: z.string(),
  title: z.string(),
  internalName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PROGRAMME_STATUSES),
  clcs: z.array(z.string()),
  students: z.number().int(),
  applicants: z.number().int(),
});
export type ProgrammeListItem = z.infer<typeof programmeListItemSchema>;
export const programmePageSchema = pageOf(programmeListItemSchema);

export const programmeTransitionSchema = z.object({
  action: z.enum(PROGRAMME_ACTION_KEYS as [ProgrammeAction, ...ProgrammeAction[]]),
  version: z.coerce.number().int().positive(),
});
