/**
 * The learning model's stored values (decision 0019): the database enums and the API both read
 * them from here, so a new item kind is one value added in one place.
 */

/** Item kinds; each has an entry in the registry (`learning-kinds.ts`), which says whether authors may add it yet. */
export const ITEM_KINDS_LIST = [
  'resource',
  'text_task',
  'file_task',
  'voice_task',
  'wbt',
  'quiz',
  'discussion',
] as const;
export type ItemKind = (typeof ITEM_KINDS_LIST)[number];

export const UNIT_STATUSES = ['draft', 'published', 'closed'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Where a task is done: online (faculty grade it) or onsite (facilitators grade it), spec §6. */
export const TASK_DELIVERIES = ['online', 'onsite'] as const;
export type TaskDelivery = (typeof TASK_DELIVERIES)[number];

export const TASK_GRADINGS = ['points', 'rubric'] as const;
export type TaskGrading = (typeof TASK_GRADINGS)[number];

export const GRADE_WEIGHTINGS = ['points', 'weights'] as const;
export type GradeWeighting = (typeof GRADE_WEIGHTINGS)[number];

export const SUBMISSION_STATUSES = ['draft', 'submitted'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** What a grader decided about an attempt: graded, or returned for rework. */
export const GRADE_OUTCOMES = ['graded', 'returned'] as const;
export type GradeOutcome = (typeof GRADE_OUTCOMES)[number];

/**
 * Grade events (append-only), the grade ledger of decision 0021. `auto` is a machine's grade (a
 * training's score, a quiz's marks), published at once and never over a person's (decision
 * 0020); `unpublish` and `change` are approved requests; `finalise` and `reopen` are a course
 * result's at finishing and reopening its programme; `transfer_*` move a grade between merged
 * accounts.
 */
export const GRADE_EVENT_ACTIONS = [
  'save',
  'publish',
  'override',
  'transfer_in',
  'transfer_out',
  'auto',
  'unpublish',
  'change',
  'finalise',
  'reopen',
] as const;
export type GradeEventAction = (typeof GRADE_EVENT_ACTIONS)[number];

/** What a grade event is about: a task's grade, or a course result (review grades, 0008). */
export const GRADE_EVENT_SUBJECTS = ['task', 'course_result'] as const;
export type GradeEventSubject = (typeof GRADE_EVENT_SUBJECTS)[number];

/** Where a course result came from: entered on the finish page, or the grade book's. */
export const COURSE_RESULT_SOURCES = ['entered', 'computed'] as const;
export type CourseResultSource = (typeof COURSE_RESULT_SOURCES)[number];

/** A learner's state on a task, as the unit page and the grade book show it. */
export const TASK_STATES = ['not_started', 'draft', 'submitted', 'graded', 'returned'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** How an item came to count as done. Issue 16 adds its own (wbt, quiz). */
export const PROGRESS_SOURCES = ['done', 'submitted'] as const;
export type ProgressSource = (typeof PROGRESS_SOURCES)[number];

/** Why a learner is in a course: their programme, or an additional course staff gave them. */
export const COURSE_ENROLMENT_SOURCES = ['programme', 'additional'] as const;
export const COURSE_ENROLMENT_STATUSES = ['active', 'dropped'] as const;
export type CourseEnrolmentStatus = (typeof COURSE_ENROLMENT_STATUSES)[number];

export const UPLOAD_PURPOSES = ['submission', 'course_document', 'wbt_package'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The languages of the lms switcher (spec §2); ar is written right to left. */
export const LMS_LANGUAGES = ['en', 'es', 'ar'] as const;
export type LmsLanguage = (typeof LMS_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly string[] = ['ar'];
