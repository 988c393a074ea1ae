import { z } from 'zod';
import { VALIDATION } from './messages';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import { ITEM_KINDS_LIST, TASK_DELIVERIES, TASK_STATES } from './learning-enums';
import { dir, id, limit } from './teaching-fields';

// The teaching side of decision 0019: classes, their students' work, grading and the grade
// book. Shared by the API (validation, answers) and the web (requests, forms). Grading and the
// grade book live in teaching-grading.ts and teaching-grade-book.ts; this module offers them too.

export { bigId, pointsSchema } from './teaching-fields';
export {
  QUEUE_STATES,
  queueQuerySchema,
  queueEntrySchema,
  queuePageSchema,
  rubricSchema,
  gradeSchema,
  submissionViewSchema,
  gradeInputSchema,
  publishInputSchema,
  taskPublishInputSchema,
  taskPublishResultSchema,
} from './teaching-grading';
export type {
  QueueState,
  QueueQuery,
  QueueEntry,
  QueuePage,
  Rubric,
  Grade,
  SubmissionView,
  GradeInput,
  TaskPublishResult,
} from './teaching-grading';
export {
  GRADE_BOOK_SORTS,
  gradeBookQuerySchema,
  gradeBookCellSchema,
  gradeBookSchema,
  gradeBookCellInputSchema,
  gradeBookCellResultSchema,
  gradeBookExportQuerySchema,
} from './teaching-grade-book';
export type {
  GradeBookQuery,
  GradeBookCell,
  GradeBook,
  GradeBookCellInput,
} from './teaching-grade-book';

// ---------------------------------------------------------------------------------------------
// class_root

export const CLASS_SORTS = [
  'period',
  'name',
  'programme',
  'clc',
  'students',
  'toGrade',
  'late',
] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];

/**
 * Where a class stands today: running (its term, or its programme, has begun and not ended),
 * upcoming, past (ended, closed, or its programme finished or cancelled), or empty (no
 * students). Lists show running classes first, then upcoming; past and empty ones are behind
 * "Past classes" (decision 0019, "Class lists").
 */
export const CLASS_PHASES = ['running', 'upcoming', 'past', 'empty'] as const;
export type ClassPhase = (typeof CLASS_PHASES)[number];
export const CLASS_PHASE_LABELS: Record<ClassPhase, string> = {
  running: 'Running',
  upcoming: 'Upcoming',
  past: 'Past',
  empty: 'No students',
};
/** The class list's filter: current (running, upcoming) or past (past, empty) classes. */
export const CLASS_PHASE_FILTERS = ['current', 'past'] as const;
export type ClassPhaseFilter = (typeof CLASS_PHASE_FILTERS)[number];

export const classListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: limit(25),
  q: z.string().trim().max(200).optional(),
  programmeType: z.enum(PROGRAMME_TYPES).optional(),
  clcId: id.optional(),
  status: z.enum(PROGRAMME_STATUSES).optional(),
  phase: z.enum(CLASS_PHASE_FILTERS).optional(),
  sort: z.enum(CLASS_SORTS).default('period'),
  dir: dir.default('asc'),
});
export type ClassListQuery = z.infer<typeof classListQuerySchema>;

export const teachingClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
  }),
  clc: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** Where the class stands today, and its dates (a bachelor classroom's are its term's). */
  phase: z.enum(CLASS_PHASES),
  startDate: z.string(),
  endDate: z.string(),
  students: z.number().int(),
  /**
   * Latest attempts handed in and not yet graded or returned (a draft grade still counts), that
   * the caller may grade (course responsibility, spec §6).
   */
  toGrade: z.number().int(),
  /** Of those, handed in late. */
  late: z.number().int(),
});
export type TeachingClass = z.infer<typeof teachingClassSchema>;

export const classPageSchema = z.object({
  items: z.array(teachingClassSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The CLCs of the classes in reach, for the filter. */
  clcs: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type ClassPage = z.infer<typeof classPageSchema>;

// ---------------------------------------------------------------------------------------------
// class/:classId (Students tab)

export const CLASS_STUDENT_SORTS = ['name', 'lastActivity'] as const;

export const classStudentsQuerySchema = z.object({
  courseId: id.optional(),
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: limit(50),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(CLASS_STUDENT_SORTS).default('name'),
  dir: dir.default('asc'),
});
export type ClassStudentsQuery = z.infer<typeof classStudentsQuerySchema>;

export const taskColumnSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitTitle: z.string(),
  title: z.string(),
  kind: z.enum(ITEM_KINDS_LIST),
  delivery: z.enum(TASK_DELIVERIES),
  maxPoints: z.number(),
  dueAt: z.string().nullable(),
});
export type TaskColumn = z.infer<typeof taskColumnSchema>;

export const taskCellSchema = z.object({
  state: z.enum(TASK_STATES),
  late: z.boolean(),
  points: z.number().nullable(),
  published: z.boolean(),
  /** The latest attempt handed in (or the draft), to open on the grade page. */
  submissionId: z.number().int().nullable(),
});
export type TaskCell = z.infer<typeof taskCellSchema>;

export const classDetailSchema = z.object({
  class: z.object({
    id: z.number().int(),
    name: z.string(),
    clc: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    programme: z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      type: z.enum(PROGRAMME_TYPES),
    }),
  }),
  courses: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string() })),
  /** The course shown (the one asked for, else the programme's first); null without courses. */
  courseId: z.number().int().nullable(),
  tasks: z.array(taskColumnSchema),
  /** Per task, how many students of the class have handed nothing in. */
  notSubmitted: z.record(z.string(), z.number().int()),
  students: z.array(
    z.object({
      studentId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      lastActivityAt: z.string().nullable(),
      /** In task order. */
      cells: z.array(taskCellSchema),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

export const classProgressQuerySchema = z.object({ courseId: id.optional() });

export const classProgressSchema = z.object({
  courseId: z.number().int().nullable(),
  /** Counted items (resources and tasks) a learner can see in the course. */
  itemsTotal: z.number().int(),
  tasksTotal: z.number().int(),
  units: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      items: z.number().int(),
      /** Average share of the unit's items done, 0 to 1. */
      averageDone: z.number(),
    }),
  ),
  students: z.array(
    z.object({
      studentId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      itemsDone: z.number().int(),
      tasksSubmitted: z.number().int(),
      tasksGraded: z.number().int(),
      /** Published points so far ÷ the maximum of the tasks published, × 100; null before any. */
      soFarPercent: z.number().nullable(),
      lastActivityAt: z.string().nullable(),
    }),
  ),
});
export type ClassProgress = z.infer<typeof classProgressSchema>;
