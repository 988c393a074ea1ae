import { discussionSettingsSchema } from './discussions';
import { z } from 'zod';
import { requiredText } from './common';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import {
  ITEM_KINDS_LIST,
  TASK_DELIVERIES,
  TASK_STATES,
  UNIT_STATUSES,
  type ItemKind,
} from './learning-enums';
import { FILE_TYPE_KEYS, fileTaskSettingsSchema, textTaskSettingsSchema } from './learning-kinds';
import { voiceTaskSettingsSchema } from './voice';
import { quizSessionInputSchema, quizSettingsSchema } from './quiz';
import { wbtSettingsSchema } from './wbt';
import { VALIDATION } from './messages';
import { richTextSchema } from './rich-text';

/**
 * Course content (decision 0019, "Content"): what learners read (concentration, itinerary,
 * course outline, unit) and what authors write (units, resources, tasks, order, publishing,
 * per-class dates, copy from another run). Stored HTML is sanitised by the server; these
 * schemas carry it as text.
 */

export { RICH_TEXT_MAX_CHARS } from './rich-text';

const id = z.number().int().positive();
const isoDateTime = z.iso.datetime({ offset: true, error: VALIDATION.date });
const richText = richTextSchema();
const title = requiredText(200);
const version = z.number({ error: VALIDATION.number }).int().min(1);

// ---------------------------------------------------------------- answers (reading)

export const programmeRefSchema = z.object({
  id,
  code: z.string(),
  title: z.string(),
  type: z.enum(PROGRAMME_TYPES),
  status: z.enum(PROGRAMME_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
});
export type ProgrammeRef = z.infer<typeof programmeRefSchema>;

/** When a learner may open a unit: not yet (opens later), open, or closed (read only). */
export const UNIT_AVAILABILITIES = ['not_open', 'open', 'closed'] as const;
export type UnitAvailability = (typeof UNIT_AVAILABILITIES)[number];

/** A learner's state on a task, with lateness; null fields for staff. */
export const taskStateSchema = z.object({
  state: z.enum(TASK_STATES),
  late: z.boolean(),
  /** Published points, when graded. */
  points: z.number().nullable(),
});

export const dueItemSchema = z.object({
  itemId: id,
  title: z.string(),
  kind: z.enum(ITEM_KINDS_LIST),
  courseId: id,
  courseTitle: z.string(),
  unitId: id,
  dueAt: z.string(),
  /** Past its due date (still taking work when listed for a learner). */
  late: z.boolean(),
  maxPoints: z.number().nullable(),
  state: z.enum(TASK_STATES).nullable(),
});
export type DueItem = z.infer<typeof dueItemSchema>;

export const courseSummarySchema = z.object({
  id,
  code: z.string(),
  title: z.string(),
  /** Learning units visible to the caller. */
  unitCount: z.number().int(),
  /** Counted items visible to the caller, and how many of them the learner has done. */
  itemsTotal: z.number().int(),
  itemsDone: z.number().int().nullable(),
  tasksTotal: z.number().int(),
  /** Published points and the maximum of the tasks graded so far (learners only). */
  pointsPublished: z.number().nullable(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const concentrationSchema = z.object({
  programme: programmeRefSchema,
  isLearner: z.boolean(),
  courses: z.array(courseSummarySchema),
  /** Open tasks due from today, soonest first (at most 20). */
  due: z.array(dueItemSchema),
});
export type Concentration = z.infer<typeof concentrationSchema>;

export const itineraryUnitSchema = z.object({
  id,
  title: z.string(),
  availability: z.enum(UNIT_AVAILABILITIES),
  opensAt: z.string().nullable(),
  itemsTotal: z.number().int(),
  itemsDone: z.number().int().nullable(),
  /** The first and last due date of its tasks, as the caller's class has them. */
  firstDueAt: z.string().nullable(),
  lastDueAt: z.string().nullable(),
});
export const itinerarySchema = z.object({
  programme: programmeRefSchema,
  isLearner: z.boolean(),
  courses: z.array(
    z.object({ id, code: z.string(), title: z.string(), units: z.array(itineraryUnitSchema) }),
  ),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

export const outlineUnitSchema = z.object({
  id,
  title: z.string(),
  summary: z.string(),
  availability: z.enum(UNIT_AVAILABILITIES),
  opensAt: z.string().nullable(),
  resources: z.number().int(),
  tasks: z.number().int(),
  itemsTotal: z.number().int(),
  itemsDone: z.number().int().nullable(),
});
export type OutlineUnit = z.infer<typeof outlineUnitSchema>;

export const courseOutlineSchema = z.object({
  course: z.object({
    id,
    code: z.string(),
    title: z.string(),
    contentVersion: z.number().int(),
    hasSyllabus: z.boolean(),
  }),
  programme: programmeRefSchema,
  isLearner: z.boolean(),
  /** The caller may edit this course (the "Edit course" button). */
  canAuthor: z.boolean(),
  units: z.array(outlineUnitSchema),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

export const syllabusSchema = z.object({
  courseId: id,
  syllabus: z.string(),
  /** The course's content version: send it back with an edit. */
  contentVersion: z.number().int(),
});
export type Syllabus = z.infer<typeof syllabusSchema>;

/** A resource as a learner reads it; links to files are signed, videos are embed addresses. */
export const resourceViewSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('text') }),
  z.object({
    format: z.literal('file'),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    url: z.string(),
  }),
  z.object({ format: z.literal('link'), url: z.string() }),
  z.object({ format: z.literal('video'), embedUrl: z.string() }),
]);
export type ResourceView = z.infer<typeof resourceViewSchema>;

export const taskViewSchema = z.object({
  delivery: z.enum(TASK_DELIVERIES),
  maxPoints: z.number(),
  dueAt: z.string().nullable(),
  lateUntil: z.string().nullable(),
  minWords: z.number().int().nullable(),
  maxWords: z.number().int().nullable(),
  accept: z.array(z.enum(FILE_TYPE_KEYS)),
  maxFiles: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  /** The learner's page for the answer. */
  answerRoute: z.enum(['submit_text', 'submit_work', 'unit_wbt', 'quiz', 'discuss']),
  /** The learner's state (null for staff and previews). */
  mine: taskStateSchema.nullable(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

export const unitItemSchema = z.object({
  id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  body: z.string(),
  /** In a preview: not yet published (learners never see these). */
  isDraft: z.boolean(),
  countsForProgress: z.boolean(),
  /** Marked done or submitted (learners; null otherwise). */
  done: z.boolean().nullable(),
  resource: resourceViewSchema.nullable(),
  task: taskViewSchema.nullable(),
});
export type UnitItem = z.infer<typeof unitItemSchema>;

export const unitViewSchema = z.object({
  unit: z.object({
    id,
    title: z.string(),
    summary: z.string(),
    availability: z.enum(UNIT_AVAILABILITIES),
    opensAt: z.string().nullable(),
    status: z.enum(UNIT_STATUSES),
  }),
  course: z.object({ id, code: z.string(), title: z.string() }),
  programme: programmeRefSchema,
  isLearner: z.boolean(),
  isPreview: z.boolean(),
  /** The caller may hand in work here now (learners of a running programme, open unit). */
  maySubmit: z.boolean(),
  /** Empty while the unit is not open yet. */
  items: z.array(unitItemSchema),
  previousUnitId: id.nullable(),
  nextUnitId: id.nullable(),
});
export type UnitView = z.infer<typeof unitViewSchema>;

// ---------------------------------------------------------------- authoring

export const authoringItemSchema = z.object({
  id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  isPublished: z.boolean(),
  visibleFrom: z.string().nullable(),
  delivery: z.enum(TASK_DELIVERIES).nullable(),
  maxPoints: z.number().nullable(),
  dueAt: z.string().nullable(),
  /** Resource format (text, file, link, video), for the list. */
  format: z.string().nullable(),
  hasSubmissions: z.boolean(),
  version: z.number().int(),
});
export type AuthoringItem = z.infer<typeof authoringItemSchema>;

export const authoringUnitSchema = z.object({
  id,
  title: z.string(),
  summary: z.string(),
  status: z.enum(UNIT_STATUSES),
  opensAt: z.string().nullable(),
  hasSubmissions: z.boolean(),
  version: z.number().int(),
  items: z.array(authoringItemSchema),
});
export type AuthoringUnit = z.infer<typeof authoringUnitSchema>;

export const classRefSchema = z.object({ id, name: z.string(), clcCode: z.string() });

export const courseAuthoringSchema = z.object({
  course: z.object({
    id,
    code: z.string(),
    title: z.string(),
    contentVersion: z.number().int(),
    copiedFromCourseId: z.number().int().nullable(),
  }),
  programme: programmeRefSchema,
  units: z.array(authoringUnitSchema),
  classes: z.array(classRefSchema),
});
export type CourseAuthoring = z.infer<typeof courseAuthoringSchema>;

export const classDatesSchema = z.object({
  classId: id,
  className: z.string(),
  visibleFrom: z.string().nullable(),
  dueAt: z.string().nullable(),
  lateUntil: z.string().nullable(),
  version: z.number().int(),
});
export type ClassDates = z.infer<typeof classDatesSchema>;

/** An item as its author edits it: every stored field, the stored settings and class dates. */
export const itemDetailSchema = z.object({
  id,
  courseId: id,
  unitId: id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  body: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** A file resource's file, with a signed link. */
  file: z
    .object({ id: z.string(), name: z.string(), size: z.number().int(), url: z.string() })
    .nullable(),
  isPublished: z.boolean(),
  visibleFrom: z.string().nullable(),
  delivery: z.enum(TASK_DELIVERIES).nullable(),
  maxPoints: z.number().nullable(),
  weight: z.number().nullable(),
  dueAt: z.string().nullable(),
  lateUntil: z.string().nullable(),
  countsForProgress: z.boolean(),
  hasSubmissions: z.boolean(),
  classDates: z.array(classDatesSchema),
  classes: z.array(classRefSchema),
  version: z.number().int(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

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
