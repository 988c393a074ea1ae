import { discussionSettingsSchema } from './discussions';
import { z } from 'zod';
import { type ItemKind, TASK_DELIVERIES } from './learning-enums';
import { fileTaskSettingsSchema, textTaskSettingsSchema } from './learning-kinds';
import { voiceTaskSettingsSchema } from './voice';
import { quizSessionInputSchema, quizSettingsSchema } from './quiz-settings';
import { wbtSettingsSchema } from './wbt-settings';
import { VALIDATION } from './messages';
import { richTextSchema } from './rich-text';
import { id, isoDateTime, title, version } from './learning-content-fields';
import { programmeRefSchema } from './learning-content-views';

/**
 * Course content (decision 0019, "Content"): what learners read (concentration, itinerary,
 * course outline, unit) and what authors write (units, resources, tasks, order, publishing,
 * per-class dates, copy from another run). Stored HTML is sanitised by the server; these
 * schemas carry it as text. The reading and authoring answers live in learning-content-views.ts
 * and learning-content-authoring.ts; this module offers them all by name.
 */

export {
  programmeRefSchema,
  UNIT_AVAILABILITIES,
  taskStateSchema,
  dueItemSchema,
  courseSummarySchema,
  concentrationSchema,
  itineraryUnitSchema,
  itinerarySchema,
  outlineUnitSchema,
  courseOutlineSchema,
  syllabusSchema,
  resourceViewSchema,
  taskViewSchema,
  unitItemSchema,
  unitViewSchema,
} from './learning-content-views';
export type {
  ProgrammeRef,
  UnitAvailability,
  DueItem,
  CourseSummary,
  Concentration,
  Itinerary,
  OutlineUnit,
  CourseOutline,
  Syllabus,
  ResourceView,
  TaskView,
  UnitItem,
  UnitView,
} from './learning-content-views';
export {
  authoringItemSchema,
  authoringUnitSchema,
  classRefSchema,
  courseAuthoringSchema,
  classDatesSchema,
  itemDetailSchema,
} from './learning-content-authoring';
export type {
  AuthoringItem,
  AuthoringUnit,
  CourseAuthoring,
  ClassDates,
  ItemDetail,
} from './learning-content-authoring';

export { RICH_TEXT_MAX_CHARS } from './rich-text';

const richText = richTextSchema();

// ---------------------------------------------------------------- inputs

export const unitInputSchema = z.object({
  title,
  summary: richText.default(''),
  opensAt: isoDateTime.nullable().default(null),
});
export type UnitInput = z.input<typeof unitInputSchema>;

export const unitUpdateSchema = z.object({
  title: title.optional(),
  summary: richText.optional(),
  opensAt: isoDateTime.nullable().optional(),
  version,
});
export type UnitUpdate = z.input<typeof unitUpdateSchema>;

export const versionInputSchema = z.object({ version });
export const versionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

/** A new order: every live id of the list, once; at the list's version (units: the course's
 * content version, items: the unit's version). */
export const orderInputSchema = z.object({
  ids: z.array(id).min(1).max(500),
  version,
});

export const syllabusInputSchema = z.object({ syllabus: richText, contentVersion: version });

/**
 * A resource as its author sends it: a file by a completed document upload of theirs for the
 * course (`uploadId`) or a file already used in the course (`fileId`); a video as any address
 * of an allowed host (the server turns it into the embed address).
 */
export const resourceSettingsInputSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('text') }),
  z.object({
    format: z.literal('file'),
    uploadId: z.uuid().optional(),
    fileId: z.uuid().optional(),
  }),
  z.object({
    format: z.literal('link'),
    url: z
      .url({ protocol: /^https?$/, error: 'Enter an address starting with https://' })
      .max(2000),
  }),
  z.object({
    format: z.literal('video'),
    url: z.string().trim().min(1, VALIDATION.required).max(2000),
  }),
]);
export type ResourceSettingsInput = z.infer<typeof resourceSettingsInputSchema>;

const itemCommon = {
  title,
  body: richText.default(''),
  visibleFrom: isoDateTime.nullable().default(null),
  countsForProgress: z.boolean().default(true),
};

export const resourceInputSchema = z.object({
  ...itemCommon,
  settings: resourceSettingsInputSchema,
});
export type ResourceInput = z.input<typeof resourceInputSchema>;

export const resourceUpdateSchema = resourceInputSchema.extend({ version });
export type ResourceUpdate = z.input<typeof resourceUpdateSchema>;

const taskCommon = {
  ...itemCommon,
  delivery: z.enum(TASK_DELIVERIES, { error: VALIDATION.select }),
  maxPoints: z
    .number({ error: VALIDATION.number })
    .gt(0, 'Points must be more than 0.')
    .max(10_000, 'At most 10,000 points.')
    .multipleOf(0.01),
  weight: z.number({ error: VALIDATION.number }).gt(0).max(999).nullable().default(null),
  dueAt: isoDateTime.nullable().default(null),
  lateUntil: isoDateTime.nullable().default(null),
};

export const taskInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('text_task'), ...taskCommon, settings: textTaskSettingsSchema }),
    z.object({ kind: z.literal('file_task'), ...taskCommon, settings: fileTaskSettingsSchema }),
    z.object({ kind: z.literal('voice_task'), ...taskCommon, settings: voiceTaskSettingsSchema }),
    // A quiz's points are the sum of its slots' (the server sets them); its item-wide session
    // is written with it (decision 0020 §1.1).
    z.object({
      kind: z.literal('quiz'),
      ...taskCommon,
      maxPoints: taskCommon.maxPoints.optional(),
      settings: quizSettingsSchema,
      session: quizSessionInputSchema.refine((s) => s.classId === null, {
        path: ['classId'],
        message: 'The first session of a quiz is for every class.',
      }),
    }),
    z.object({ kind: z.literal('wbt'), ...taskCommon, settings: wbtSettingsSchema }),
    z.object({
      kind: z.literal('discussion'),
      ...taskCommon,
      settings: discussionSettingsSchema,
    }),
  ])
  .refine((t) => !t.dueAt || !t.lateUntil || t.lateUntil >= t.dueAt, {
    message: 'The last day for late work must be on or after the due date.',
    path: ['lateUntil'],
  });
export type TaskInput = z.input<typeof taskInputSchema>;

/** A task's edit: its kind stays (a text task does not become a file task). */
export const taskUpdateSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('text_task'),
      ...taskCommon,
      settings: textTaskSettingsSchema,
      version,
    }),
    z.object({
      kind: z.literal('file_task'),
      ...taskCommon,
      settings: fileTaskSettingsSchema,
      version,
    }),
    z.object({
      kind: z.literal('voice_task'),
      ...taskCommon,
      settings: voiceTaskSettingsSchema,
      version,
    }),
    // Sessions are edited on their own routes.
    z.object({
      kind: z.literal('quiz'),
      ...taskCommon,
      maxPoints: taskCommon.maxPoints.optional(),
      settings: quizSettingsSchema,
      version,
    }),
    z.object({ kind: z.literal('wbt'), ...taskCommon, settings: wbtSettingsSchema, version }),
    z.object({
      kind: z.literal('discussion'),
      ...taskCommon,
      settings: discussionSettingsSchema,
      version,
    }),
  ])
  .refine((t) => !t.dueAt || !t.lateUntil || t.lateUntil >= t.dueAt, {
    message: 'The last day for late work must be on or after the due date.',
    path: ['lateUntil'],
  });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const classDatesInputSchema = z
  .object({
    visibleFrom: isoDateTime.nullable().default(null),
    dueAt: isoDateTime.nullable().default(null),
    lateUntil: isoDateTime.nullable().default(null),
    /** The version seen, or absent when the class had no dates of its own yet. */
    version: version.optional(),
  })
  .refine((t) => !t.dueAt || !t.lateUntil || t.lateUntil >= t.dueAt, {
    message: 'The last day for late work must be on or after the due date.',
    path: ['lateUntil'],
  });
export type ClassDatesInput = z.input<typeof classDatesInputSchema>;

export const createdSchema = z.object({ id, version: z.number().int() });
export const savedSchema = z.object({
  version: z.number().int(),
  contentVersion: z.number().int(),
});

export const copySourceSchema = z.object({
  courseId: id,
  code: z.string(),
  title: z.string(),
  programme: programmeRefSchema,
  units: z.number().int(),
  items: z.number().int(),
});
export type CopySource = z.infer<typeof copySourceSchema>;
export const copySourcesSchema = z.object({ items: z.array(copySourceSchema) });

/** `append` adds the source's units after the target's own; without it the target must be empty. */
export const copyFromInputSchema = z.object({
  mode: z.enum(['empty', 'append']).default('empty'),
});
export const copyResultSchema = z.object({
  units: z.number().int(),
  items: z.number().int(),
  /** Days the dates moved by (the programmes' start difference). */
  shiftDays: z.number().int(),
  contentVersion: z.number().int(),
});
export type CopyResult = z.infer<typeof copyResultSchema>;

export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  resource: 'Resource',
  text_task: 'Text task',
  file_task: 'File task',
  voice_task: 'Voice task',
  wbt: 'Web-based training',
  quiz: 'Quiz',
  discussion: 'Graded discussion',
};
