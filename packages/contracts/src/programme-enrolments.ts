// Students in a programme: study breaks, enrolments and their actions, and a student's
// programmes (the student overview).
import { z } from 'zod';
import { historyEntrySchema } from './clc';
import { pageOf } from './common';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import { VALIDATION } from './messages';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_STATES,
  type EnrolmentAction,
} from './programme-statuses';
import { isoDate } from './programme-dates';

export const studyBreakSchema = z.object({
  id: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
  /** True while today (UTC) lies within the break. */
  current: z.boolean(),
});
export type StudyBreak = z.infer<typeof studyBreakSchema>;

export const studyBreakInputSchema = z
  .object({
    startsOn: isoDate,
    endsOn: isoDate,
    reason: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.endsOn >= v.startsOn, {
    path: ['endsOn'],
    message: 'The end date must not be before the start date',
  });

export const enrolmentSchema = z.object({
  id: z.number().int(),
  programmeId: z.number().int(),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string().nullable(),
  }),
  state: z.enum(ENROLMENT_STATES),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  onBreak: studyBreakSchema.nullable(),
  reason: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const ENROLMENT_SORTS = [
  'lastName',
  'firstName',
  'id',
  'state',
  'clc',
  'updatedAt',
] as const;
export const enrolmentListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(50),
  q: z.string().trim().max(200).optional(),
  state: z.enum(ENROLMENT_STATES).optional(),
  clc: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  onBreak: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(ENROLMENT_SORTS).default('lastName'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export const enrolmentPageSchema = pageOf(enrolmentSchema);

/** One action on one or many enrolments; the allowed ones happen, the others are reported. */
export const enrolmentActionInputSchema = z.object({
  action: z.enum(ENROLMENT_ACTION_KEYS as [EnrolmentAction, ...EnrolmentAction[]]),
  enrolmentIds: z
    .array(z.coerce.number().int().positive())
    .min(1, VALIDATION.multiSelect)
    .max(5000),
  reason: z.string().trim().max(500).optional(),
  /** For `suspend`: the study break's end (it starts today). */
  breakEndsOn: isoDate.optional(),
});
export const enrolmentActionResultSchema = z.object({
  done: z.array(z.number().int()),
  refused: z.array(z.object({ enrolmentId: z.number().int(), reason: z.string() })),
});
export type EnrolmentActionResult = z.infer<typeof enrolmentActionResultSchema>;

/** One programme a student is in: its state there, class, CLC, every break and the history. */
export const studentProgrammeSchema = z.object({
  enrolmentId: z.number().int(),
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
  }),
  state: z.enum(ENROLMENT_STATES),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The reason given with the last state change. */
  reason: z.string().nullable(),
  /** The break the student is on today (UTC), if any. */
  onBreak: studyBreakSchema.nullable(),
  /** Every study break, earliest first. */
  breaks: z.array(studyBreakSchema),
  /** Who did what to this enrolment and when, newest first (audit rows of the enrolment). */
  history: z.array(historyEntrySchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StudentProgramme = z.infer<typeof studentProgrammeSchema>;
export const studentProgrammesSchema = z.array(studentProgrammeSchema);
