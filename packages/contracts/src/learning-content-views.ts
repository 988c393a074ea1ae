// Course content as learners read it (decision 0019, "Content"): concentration, itinerary,
// course outline, syllabus and unit.
import { z } from 'zod';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import { ITEM_KINDS_LIST, TASK_DELIVERIES, TASK_STATES, UNIT_STATUSES } from './learning-enums';
import { FILE_TYPE_KEYS } from './learning-kinds';
import { id } from './learning-content-fields';

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
