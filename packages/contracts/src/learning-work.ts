import { z } from 'zod';
import { FILE_TYPE_KEYS } from './learning-kinds';
import { ENROLMENT_STATES, PROGRAMME_STATUSES, PROGRAMME_TYPES } from './programme';
import { ITEM_KINDS_LIST, TASK_DELIVERIES, TASK_STATES, GRADE_OUTCOMES } from './learning-enums';
import { CLASS_PHASES } from './teaching';

/**
 * What a learner does with tasks and their progress (decision 0019: Submissions, Progress, the
 * lms home and track), and the sis side of a student's courses. Shared by the API and the web.
 */

const iso = z.string();
const id = z.number().int();

/** The text of an answer: plain, at most 200,000 characters (the column's check). */
export const ANSWER_MAX_CHARS = 200_000;

// ---- mark done (interface 1) ----

export const markDoneInputSchema = z.object({ clientEventId: z.uuid().optional() }).nullish();
export const markDoneResultSchema = z.object({
  itemId: id,
  done: z.boolean(),
  completedAt: iso.nullable(),
});
export type MarkDoneResult = z.infer<typeof markDoneResultSchema>;

// ---- a learner's work on a task ----

export const attemptFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** A signed link the learner may open. */
  url: z.string(),
});
export type AttemptFile = z.infer<typeof attemptFileSchema>;

/** A published decision on an attempt: graded (with points) or returned for rework. */
export const decisionSchema = z.object({
  outcome: z.enum(GRADE_OUTCOMES),
  points: z.number().nullable(),
  maxPoints: z.number(),
  comment: z.string().nullable(),
  publishedAt: iso.nullable(),
  /** An undo-publish or grade-change request on it is open (decision 0021 §2.3). */
  underReview: z.boolean(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const attemptSchema = z.object({
  id: id,
  clientId: z.string(),
  attempt: id,
  status: z.enum(['draft', 'submitted']),
  text: z.string().nullable(),
  wordCount: id,
  late: z.boolean(),
  submittedAt: iso.nullable(),
  updatedAt: iso,
  version: id,
  files: z.array(attemptFileSchema),
  /** The published decision on this attempt, if any. */
  decision: decisionSchema.nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const taskSettingsViewSchema = z.object({
  minWords: z.number().int().nullable(),
  maxWords: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  accept: z.array(z.enum(FILE_TYPE_KEYS)),
  maxFiles: z.number().int().nullable(),
  maxFileBytes: z.number().int().nullable(),
  /** A voice task's longest recording, and whether a picked audio file is taken too. */
  maxSeconds: z.number().int().nullable(),
  allowFile: z.boolean(),
});
export type TaskSettingsView = z.infer<typeof taskSettingsViewSchema>;

export const refusalSchema = z.object({ code: z.string(), detail: z.string() });
export type Refusal = z.infer<typeof refusalSchema>;

export const myWorkSchema = z.object({
  task: z.object({
    id: id,
    kind: z.enum(ITEM_KINDS_LIST),
    title: z.string(),
    /** Sanitised HTML, shown only through the rich-text component. */
    body: z.string(),
    course: z.object({ id: id, code: z.string(), title: z.string() }),
    unit: z.object({ id: id, title: z.string() }),
    delivery: z.enum(TASK_DELIVERIES).nullable(),
    maxPoints: z.number().nullable(),
    dueAt: iso.nullable(),
    lateUntil: iso.nullable(),
    settings: taskSettingsViewSchema,
  }),
  state: z.enum(TASK_STATES),
  attempts: z.array(attemptSchema),
  /** The draft being written (the latest attempt when it is a draft). */
  draft: attemptSchema.nullable(),
  /** Why one cannot save or hand in now, as a sentence; null when one can. */
  blocked: refusalSchema.nullable(),
  studyBreakUntil: z.string().nullable(),
});
export type MyWork = z.infer<typeof myWorkSchema>;

export const draftFileRefSchema = z.union([
  z.object({ uploadId: z.uuid() }).strict(),
  z.object({ fileId: z.uuid() }).strict(),
]);
export type DraftFileRef = z.infer<typeof draftFileRefSchema>;

export const draftInputSchema = z.object({
  /** Made by the device for the draft, so a resend is a duplicate. */
  clientId: z.uuid(),
  /** The draft's version the device last saw; null for a new one. */
  version: z.number().int().min(1).nullable(),
  text: z.string().max(ANSWER_MAX_CHARS, 'At most 200,000 characters').optional(),
  files: z.array(draftFileRefSchema).max(10, 'At most 10 files').optional(),
  /** The device's clock when it saved. */
  clientSavedAt: z.iso.datetime({ offset: true }).optional(),
});
export type DraftInput = z.infer<typeof draftInputSchema>;

export const submitInputSchema = z.object({
  clientId: z.uuid(),
  version: z.number().int().min(1),
});
export type SubmitInput = z.infer<typeof submitInputSchema>;

// ---- the lms home, grades and progress ----

const progressFigures = {
  itemsDone: id,
  itemsTotal: id,
  tasksSubmitted: id,
  tasksTotal: id,
};

export const homeConcentrationSchema = z.object({
  programme: z.object({
    id: id,
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
  /** The first course, for orientation programmes (their entry opens the course page). */
  firstCourseId: id.nullable(),
  /** A finished programme is said to be finished, not to have nothing to do. */
  isFinished: z.boolean(),
  /** The code of the learner's valid certificate of the programme, when one was issued. */
  certificateCode: z.string().nullable(),
  ...progressFigures,
});
export type HomeConcentration = z.infer<typeof homeConcentrationSchema>;

export const dueTaskSchema = z.object({
  itemId: id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  course: z.object({ id: id, title: z.string() }),
  dueAt: iso,
  state: z.enum(TASK_STATES),
});
export type DueTask = z.infer<typeof dueTaskSchema>;

export const myGradeSchema = z.object({
  itemId: id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  course: z.object({ id: id, code: z.string(), title: z.string() }),
  submissionId: id.nullable(),
  outcome: z.enum(GRADE_OUTCOMES),
  points: z.number().nullable(),
  maxPoints: z.number(),
  comment: z.string().nullable(),
  publishedAt: iso,
  /** An undo-publish or grade-change request on it is open (decision 0021 §2.3). */
  underReview: z.boolean(),
});
export type MyGrade = z.infer<typeof myGradeSchema>;

export const lmsHomeSchema = z.object({
  isLearner: z.boolean(),
  concentrations: z.array(homeConcentrationSchema),
  due: z.array(dueTaskSchema),
  grades: z.array(myGradeSchema),
  announcements: z.array(
    z.object({ id: id, title: z.string(), body: z.string(), createdAt: iso, isRead: z.boolean() }),
  ),
  studyBreakUntil: z.string().nullable(),
  /**
   * Staff: the running, then upcoming classes they teach (at most 10), with what waits for
   * their grade; `classesTotal` counts them all (the rest are on "All my classes").
   */
  classes: z.array(
    z.object({
      id: id,
      name: z.string(),
      programme: z.object({ id: id, code: z.string(), title: z.string() }),
      phase: z.enum(CLASS_PHASES),
      students: id,
      toGrade: id,
    }),
  ),
  classesTotal: z.number().int(),
  /** Staff who author: the courses they may edit (at most 20, running programmes first). */
  authoring: z.array(
    z.object({
      courseId: id,
      code: z.string(),
      title: z.string(),
      programme: z.object({ id: id, code: z.string(), title: z.string() }),
    }),
  ),
});
export type LmsHome = z.infer<typeof lmsHomeSchema>;

export const MY_GRADES_SORTS = ['date', 'course'] as const;
export const myGradesQuerySchema = z.object({
  courseId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(MY_GRADES_SORTS).default('date'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type MyGradesQuery = z.infer<typeof myGradesQuerySchema>;

export const myGradesSchema = z.object({
  items: z.array(myGradeSchema),
  total: id,
  page: id,
  limit: id,
  /** The learner's courses that have a published grade, for the filter. */
  courses: z.array(z.object({ id: id, code: z.string(), title: z.string() })),
});
export type MyGrades = z.infer<typeof myGradesSchema>;

export const unitProgressSchema = z.object({
  id: id,
  title: z.string(),
  status: z.enum(['published', 'closed']),
  ...progressFigures,
});
export const courseProgressSchema = z.object({
  id: id,
  code: z.string(),
  title: z.string(),
  ...progressFigures,
  pointsPublished: z.number(),
  lastActivityAt: iso.nullable(),
  units: z.array(unitProgressSchema),
});
export type CourseProgressView = z.infer<typeof courseProgressSchema>;

export const myProgressSchema = z.object({
  concentrations: z.array(
    z.object({
      programme: z.object({
        id: id,
        code: z.string(),
        title: z.string(),
        type: z.enum(PROGRAMME_TYPES),
      }),
      ...progressFigures,
      courses: z.array(courseProgressSchema),
    }),
  ),
});
export type MyProgress = z.infer<typeof myProgressSchema>;

// ---- sis: a student's courses ----

export const studentCourseSchema = z.object({
  courseId: id,
  code: z.string(),
  title: z.string(),
  programme: z.object({
    id: id,
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
  }),
  source: z.enum(['programme', 'additional']),
  /** active: learning; dropped: taken out by staff; read_only: the enrolment has ended. */
  status: z.enum(['active', 'dropped', 'read_only']),
  class: z.object({ id: id, name: z.string() }).nullable(),
  enrolmentState: z.enum(ENROLMENT_STATES).nullable(),
  reason: z.string().nullable(),
  ...progressFigures,
  /** Published points ÷ maximum × the scale (so far); null without graded tasks. */
  result: z.number().nullable(),
  scaleMax: z.number().nullable(),
  /** Work handed in (an additional course with work is dropped, not removed). */
  hasWork: z.boolean(),
  version: id.nullable(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;
export const studentCoursesSchema = z.object({ items: z.array(studentCourseSchema) });
export type StudentCourses = z.infer<typeof studentCoursesSchema>;

export const reasonInputSchema = z.object({
  reason: z
    .string({ error: 'This field must be filled' })
    .trim()
    .min(1, 'This field must be filled')
    .max(1000, 'At most 1000 characters'),
  version: z.number().int().min(1).nullable().optional(),
});
export type ReasonInput = z.infer<typeof reasonInputSchema>;

/** A class an additional course's learner may learn in: its programme's, at their CLCs. */
export const classOptionSchema = z.object({ id: id, name: z.string(), clcCode: z.string() });
export type ClassOption = z.infer<typeof classOptionSchema>;
export const classOptionsSchema = z.object({ items: z.array(classOptionSchema) });

export const additionalCandidateSchema = z.object({
  courseId: id,
  code: z.string(),
  title: z.string(),
  programme: z.object({
    id: id,
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
  }),
  classes: z.array(classOptionSchema),
});
export type AdditionalCandidate = z.infer<typeof additionalCandidateSchema>;
export const additionalCandidatesSchema = z.object({ items: z.array(additionalCandidateSchema) });
export const additionalCandidatesQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
});

export const additionalCourseInputSchema = z.object({
  courseId: z.number().int().positive().max(2_147_483_647),
  classId: z.number().int().positive().max(2_147_483_647).nullable(),
  reason: reasonInputSchema.shape.reason,
});
export type AdditionalCourseInput = z.infer<typeof additionalCourseInputSchema>;
export const additionalCourseUpdateSchema = z.object({
  classId: z.number().int().positive().max(2_147_483_647).nullable(),
  version: z.number().int().min(1),
});
export type AdditionalCourseUpdate = z.infer<typeof additionalCourseUpdateSchema>;

// ---- the profile: my studies ----

export const myStudiesSchema = z.object({
  programmes: z.array(
    z.object({
      programme: z.object({
        id: id,
        code: z.string(),
        title: z.string(),
        type: z.enum(PROGRAMME_TYPES),
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
      }),
      state: z.enum(ENROLMENT_STATES),
      clc: z.object({ id: id, code: z.string() }).nullable(),
      class: z.object({ id: id, name: z.string() }).nullable(),
      breaks: z.array(z.object({ startsOn: z.string(), endsOn: z.string(), current: z.boolean() })),
      certificate: z.object({ code: z.string(), issuedOn: z.string() }).nullable(),
    }),
  ),
});
export type MyStudies = z.infer<typeof myStudiesSchema>;
