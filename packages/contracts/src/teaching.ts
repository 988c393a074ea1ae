import { z } from 'zod';
import { similarityBadgeSchema } from './similarity';
import { VALIDATION } from './messages';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './programme';
import {
  GRADE_OUTCOMES,
  ITEM_KINDS_LIST,
  TASK_DELIVERIES,
  TASK_GRADINGS,
  TASK_STATES,
} from './learning-enums';

// The teaching side of decision 0019: classes, their students' work, grading and the grade
// book. Shared by the API (validation, answers) and the web (requests, forms).

const id = z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647);
/** Submissions and other tracking rows have bigint ids (within JavaScript's safe range). */
export const bigId = z.coerce
  .number({ error: VALIDATION.number })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);
const dir = z.enum(['asc', 'desc']);
const limit = (byDefault: number) =>
  z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(byDefault);

/** Points as entered: at most two decimals. */
export const pointsSchema = z
  .number({ error: VALIDATION.number })
  .min(0, 'At least 0')
  .max(10_000, 'At most 10,000')
  // Within a rounding error: 8.7 * 100 is 869.9999999999999 in binary floating point.
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');

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

// ---------------------------------------------------------------------------------------------
// The grading queue and the grade page

export const QUEUE_STATES = ['submitted', 'late', 'resubmitted'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const queueQuerySchema = z.object({
  classId: id.optional(),
  itemId: id.optional(),
  state: z.enum(QUEUE_STATES).optional(),
  cursor: z.string().max(500).optional(),
  limit: limit(50),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const queueEntrySchema = z.object({
  submissionId: z.number().int(),
  itemId: z.number().int(),
  itemTitle: z.string(),
  itemKind: z.enum(ITEM_KINDS_LIST),
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string().nullable(),
  attempt: z.number().int(),
  late: z.boolean(),
  submittedAt: z.string(),
  /** A draft grade exists (not yet published). */
  hasDraft: z.boolean(),
  /** Only for holders of the similarity instructor right (decision 0020 §5.5). */
  similarity: similarityBadgeSchema.optional(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queuePageSchema = z.object({
  items: z.array(queueEntrySchema),
  nextCursor: z.string().nullable(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const rubricSchema = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    levels: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        points: z.number(),
        description: z.string().optional(),
      }),
    ),
  }),
);
export type Rubric = z.infer<typeof rubricSchema>;

export const gradeSchema = z.object({
  outcome: z.enum(GRADE_OUTCOMES),
  points: z.number().nullable(),
  comment: z.string().nullable(),
  rubricScores: z.record(z.string(), z.string()).nullable(),
  isPublished: z.boolean(),
  maxPoints: z.number(),
  submissionId: z.number().int().nullable(),
  gradedBy: z.string().nullable(),
  gradedAt: z.string(),
  publishedAt: z.string().nullable(),
  version: z.number().int(),
});
export type Grade = z.infer<typeof gradeSchema>;

export const submissionViewSchema = z.object({
  submission: z.object({
    id: z.number().int(),
    attempt: z.number().int(),
    status: z.enum(['draft', 'submitted']),
    text: z.string().nullable(),
    wordCount: z.number().int(),
    late: z.boolean(),
    submittedAt: z.string().nullable(),
    files: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        mime: z.string(),
        size: z.number().int(),
        /** Opens in the browser (pdf, images, audio, video); else a download. */
        url: z.string(),
        downloadUrl: z.string(),
      }),
    ),
  }),
  attempts: z.array(
    z.object({
      id: z.number().int(),
      attempt: z.number().int(),
      status: z.enum(['draft', 'submitted']),
      submittedAt: z.string().nullable(),
      late: z.boolean(),
    }),
  ),
  task: z.object({
    id: z.number().int(),
    title: z.string(),
    /**
     * The instructions as the learner read them when handing in this attempt (the revision of
     * its item version; the current text when there is none): sanitised HTML with course images
     * as signed links, shown only through the rich-text component.
     */
    instructions: z.string(),
    /** The instructions were changed after this attempt was handed in. */
    instructionsChanged: z.boolean(),
    kind: z.enum(ITEM_KINDS_LIST),
    delivery: z.enum(TASK_DELIVERIES),
    maxPoints: z.number(),
    grading: z.enum(TASK_GRADINGS),
    rubric: rubricSchema.nullable(),
    dueAt: z.string().nullable(),
    courseId: z.number().int(),
    courseTitle: z.string(),
  }),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
  }),
  grade: gradeSchema.nullable(),
  mayGrade: z.boolean(),
  /** Why the caller may not grade it, as a sentence; null when they may. */
  mayNotGradeReason: z.string().nullable(),
  /** May change a published grade (SUBMISSION__EDIT). */
  mayOverride: z.boolean(),
  /** Only for holders of the similarity instructor right (decision 0020 §5.5). */
  similarity: similarityBadgeSchema.optional(),
  /** Neighbours in the class's grading queue (oldest first), for previous/next. */
  previousId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

export const gradeInputSchema = z
  .object({
    outcome: z.enum(GRADE_OUTCOMES),
    points: pointsSchema.nullable().optional(),
    rubricScores: z.record(z.string().max(100), z.string().max(100)).nullable().optional(),
    comment: z.string().trim().max(10_000, 'At most 10,000 characters').nullable().optional(),
    /** The grade's version as the grader saw it; 0 when there was none. */
    version: z.number({ error: VALIDATION.number }).int().min(0).max(2_147_483_647),
    /** Required to change a published grade (an override). */
    reason: z.string().trim().max(1000).optional(),
  })
  .strict();
export type GradeInput = z.infer<typeof gradeInputSchema>;

export const publishInputSchema = z
  .object({ version: z.number().int().min(1).max(2_147_483_647) })
  .strict();

export const taskPublishInputSchema = z.object({ classId: id }).strict();

export const taskPublishResultSchema = z.object({
  published: z.number().int(),
  skipped: z.array(z.object({ studentId: z.number().int(), reason: z.string() })),
});
export type TaskPublishResult = z.infer<typeof taskPublishResultSchema>;

// ---------------------------------------------------------------------------------------------
// The grade book

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
