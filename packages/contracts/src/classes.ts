import { z } from 'zod';
import { requiredText } from './common';
import { VALIDATION } from './messages';
import { CLASS_GROUP_SIZE } from './constants';
import { PROGRAMME_STATUSES } from './programme';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Who teaches a class: facilitators onsite, faculty online, teaching assistants beside faculty. */
export const CLASS_STAFF_KINDS = ['facilitator', 'faculty', 'assistant'] as const;
export type ClassStaffKind = (typeof CLASS_STAFF_KINDS)[number];

export const classMemberSchema = z.object({
  enrolmentId: z.number().int(),
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Placed by hand: a re-distribution keeps them unless asked otherwise. */
  placedManually: z.boolean(),
  onBreak: z.boolean(),
});

export const classStaffSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(CLASS_STAFF_KINDS),
});

export const programmeClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clc: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  capacity: z.number().int(),
  size: z.number().int(),
  staff: z.array(classStaffSchema),
  members: z.array(classMemberSchema),
  version: z.number().int(),
});
export type ProgrammeClass = z.infer<typeof programmeClassSchema>;

const clcRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const programmeClassesSchema = z.object({
  /** What the page shows of the programme, for readers who may not open the programme itself. */
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    status: z.enum(PROGRAMME_STATUSES),
    /** The programme's CLCs the caller reaches (for own classes: the CLCs of those classes). */
    clcs: z.array(clcRef),
  }),
  /** True for a caller who sees only the classes they staff (no PC_CLASS__DISPLAY). */
  ownClassesOnly: z.boolean(),
  classes: z.array(programmeClassSchema),
  /** Active students of each CLC who are in no class yet. */
  unplaced: z.array(
    z.object({
      clc: z.object({ id: z.number().int(), code: z.string() }),
      members: z.array(classMemberSchema),
    }),
  ),
});
export type ProgrammeClasses = z.infer<typeof programmeClassesSchema>;

export const distributeInputSchema = z.object({
  size: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, 'At least 1')
    .max(500, 'At most 500')
    .default(CLASS_GROUP_SIZE),
  /** Keep students placed by hand where they are (the default). */
  keepManual: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(true),
});

export const distributeResultSchema = z.object({
  classes: z.number().int(),
  placed: z.number().int(),
  kept: z.number().int(),
  created: z.number().int(),
  removed: z.number().int(),
});

export const classInputSchema = z.object({
  clcId: id,
  name: requiredText(60),
  capacity: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, 'At least 1')
    .max(500, 'At most 500')
    .default(CLASS_GROUP_SIZE),
});

export const classUpdateSchema = z.object({
  name: requiredText(60),
  capacity: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, 'At least 1')
    .max(500, 'At most 500'),
  version: z.coerce.number().int().positive(),
});

export const classStaffInputSchema = z.object({
  facilitatorIds: z.array(id).max(50).default([]),
  facultyIds: z.array(id).max(50).default([]),
  assistantIds: z.array(id).max(50).default([]),
});

/** Moves students into a class (or out of every class, with null); each becomes placed by hand. */
export const moveInputSchema = z.object({
  enrolmentIds: z.array(id).min(1, VALIDATION.multiSelect).max(1000),
  classId: id.nullable(),
});
export const moveResultSchema = z.object({
  done: z.array(z.number().int()),
  refused: z.array(z.object({ enrolmentId: z.number().int(), reason: z.string() })),
});
