import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { VALIDATION } from './messages';
import { parseTermKey } from './bachelor';
import { PROGRAMME_TYPES } from './programme';

/** Dropout flagging (spec §3 "Dropout flagging item"; decision 0021 §3). */

/** What happens when a student is flagged. */
export const DROPOUT_ACTIONS = [
  'notify_coordinator',
  'notify_facilitator',
  'follow_up',
  'mail_student',
] as const;
export type DropoutAction = (typeof DROPOUT_ACTIONS)[number];
export const DROPOUT_ACTION_LABELS: Record<DropoutAction, string> = {
  notify_coordinator: 'Notify the coordinator',
  notify_facilitator: 'Notify the facilitator',
  follow_up: 'Create a follow-up task',
  mail_student: 'Send the student an automatic mail',
};

/** One criterion per item; a programme has as many items as it wants. */
export const DROPOUT_CRITERIA = [
  'missed_tasks',
  'failed_tasks',
  'inactive',
  'below_grade',
] as const;
export type DropoutCriterion = (typeof DROPOUT_CRITERIA)[number];
export const DROPOUT_CRITERION_LABELS: Record<DropoutCriterion, string> = {
  missed_tasks: 'Missed graded tasks due so far',
  failed_tasks: 'Failed graded tasks',
  inactive: 'No submission and no progress',
  below_grade: 'Course result below a grade threshold',
};

/** The form's field texts (spec §3: action, criteria, percent, ignore zero-point tasks). */
export const DROPOUT_FIELD_LABELS = {
  action: 'Action',
  criterion: 'Criteria',
  percent: 'Percent',
  weeks: 'Weeks without activity',
  ignoreZeroPointTasks: 'Ignore zero-point tasks',
  isActive: 'Active',
} as const;

export const DROPOUT_FLAG_STATUSES = ['at_risk', 'unknown'] as const;
export type DropoutFlagStatus = (typeof DROPOUT_FLAG_STATUSES)[number];
export const DROPOUT_FLAG_STATUS_LABELS: Record<DropoutFlagStatus, string> = {
  at_risk: 'At risk',
  unknown: 'Unknown: work not yet synced',
};

export const FOLLOW_UP_KINDS = ['call', 'visit', 'suggest_study_break', 'other'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export const FOLLOW_UP_KIND_LABELS: Record<FollowUpKind, string> = {
  call: 'Call',
  visit: 'Visit',
  suggest_study_break: 'Suggest a study break',
  other: 'Other',
};

/** Why a task was left out of a student's figures. */
export const EXCLUSION_REASONS = ['zero_point', 'study_break'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
export const EXCLUSION_REASON_LABELS: Record<ExclusionReason, string> = {
  zero_point: 'adds nothing to the result (zero-point task)',
  study_break: 'due during the student’s study break',
};

/**
 * The term a dropout criterion belongs to: a term (`2026-fa`, read by the one term key rule
 * of `./bachelor`, `parseTermKey`), or `all` — for programmes without terms, and for criteria of every term
 * (spec §2).
 */
export const dropoutTermSchema = z
  .string()
  .refine((key) => key === 'all' || parseTermKey(key) !== null, {
    error: 'Use “all” or a term such as 2026-fa.',
  });

export const dropoutParams = z.object({
  programmeType: z.enum(PROGRAMME_TYPES),
  programmeId: z.coerce.number().int().positive().max(2_147_483_647),
});

const bool = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .default(true);

export const dropoutItemInputSchema = z
  .object({
    action: z.enum(DROPOUT_ACTIONS, { error: VALIDATION.select }),
    criterion: z.enum(DROPOUT_CRITERIA, { error: VALIDATION.select }),
    percent: z.coerce
      .number({ error: 'Enter a percent from 1 to 100.' })
      .min(1, 'Enter a percent from 1 to 100.')
      .max(100, 'Enter a percent from 1 to 100.')
      .nullish()
      .transform((v) => v ?? null),
    weeks: z.coerce
      .number({ error: 'Enter whole weeks from 1 to 52.' })
      .int('Enter whole weeks from 1 to 52.')
      .min(1, 'Enter whole weeks from 1 to 52.')
      .max(52, 'Enter whole weeks from 1 to 52.')
      .nullish()
      .transform((v) => v ?? null),
    ignoreZeroPointTasks: bool,
    isActive: bool,
  })
  .superRefine((v, ctx) => {
    if (v.criterion === 'inactive') {
      if (v.weeks === null)
        ctx.addIssue({
          code: 'custom',
          path: ['weeks'],
          message: 'Enter whole weeks from 1 to 52.',
        });
    } else if (v.percent === null)
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'Enter a percent from 1 to 100.',
      });
  })
  // The other criterion's figure is dropped, so the row's check (§3.1) always holds.
  .transform((v) => (v.criterion === 'inactive' ? { ...v, percent: null } : { ...v, weeks: null }));
export type DropoutItemInput = z.infer<typeof dropoutItemInputSchema>;

export const dropoutItemUpdateSchema = dropoutItemInputSchema.and(
  z.object({ version: z.coerce.number().int().positive() }),
);

export const dropoutItemSchema = z.object({
  id: z.number().int(),
  programmeId: z.number().int(),
  termKey: z.string(),
  action: z.enum(DROPOUT_ACTIONS),
  criterion: z.enum(DROPOUT_CRITERIA),
  percent: z.number().nullable(),
  weeks: z.number().int().nullable(),
  ignoreZeroPointTasks: z.boolean(),
  isActive: z.boolean(),
  /** Open flags of this item now. */
  flagged: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DropoutItem = z.infer<typeof dropoutItemSchema>;

export const dropoutProgrammeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  type: z.enum(PROGRAMME_TYPES),
});

export const dropoutItemListSchema = z.object({
  programme: dropoutProgrammeSchema,
  items: z.array(dropoutItemSchema),
  lastRun: z
    .object({ finishedAt: z.string(), flagged: z.number().int(), cleared: z.number().int() })
    .nullable(),
});

export const evidenceSchema = z.object({
  counted: z.array(z.number().int()),
  excluded: z.array(z.object({ itemId: z.number().int(), why: z.enum(EXCLUSION_REASONS) })),
  /** The student's figure: a share 0–1 for the ratio criteria, weeks for `inactive`. */
  ratio: z.number().nullable(),
  /** The item's threshold in the same unit. */
  threshold: z.number(),
  weeksInactive: z.number().nullable().optional(),
  /** For `below_grade`: the course whose result is lowest. */
  courseId: z.number().int().nullable().optional(),
  dataAsOf: z.string(),
  lastSyncAt: z.string().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** A task named in evidence, so the screen can say which. */
export const evidenceTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course: z.string(),
  maxPoints: z.number().nullable(),
  dueAt: z.string().nullable(),
});

export const flagStudentSchema = z.object({
  enrolmentId: z.number().int(),
  studentId: z.number().int(),
  name: z.string(),
  className: z.string().nullable(),
  status: z.enum(DROPOUT_FLAG_STATUSES),
  evidence: evidenceSchema,
});
export type FlagStudent = z.infer<typeof flagStudentSchema>;

export const previewSchema = z.object({
  count: z.number().int(),
  /** The first 50, by name. */
  students: z.array(flagStudentSchema),
  tasks: z.array(evidenceTaskSchema),
});
export type DropoutPreview = z.infer<typeof previewSchema>;

export const followUpSchema = z.object({
  id: z.number().int(),
  flagId: z.number().int(),
  assigneeRole: z.enum(['coordinator', 'facilitator']),
  kind: z.enum(FOLLOW_UP_KINDS).nullable(),
  status: z.enum(['open', 'done']),
  outcome: z.string().nullable(),
  doneBy: z.string().nullable(),
  doneAt: z.string().nullable(),
  student: z.string(),
  programme: z.string(),
  /** The programme and flag it is about, for links and the evidence in words. */
  programmeId: z.number().int(),
  programmeType: z.enum(PROGRAMME_TYPES),
  className: z.string().nullable(),
  criterion: z.enum(DROPOUT_CRITERIA),
  flagStatus: z.enum(DROPOUT_FLAG_STATUSES),
  evidence: evidenceSchema,
  firstFlaggedAt: z.string(),
  /** When the flag stopped applying (the student's figures recovered, or they left). */
  clearedAt: z.string().nullable(),
  version: z.number().int(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const flagSchema = flagStudentSchema.extend({
  id: z.number().int(),
  itemId: z.number().int(),
  criterion: z.enum(DROPOUT_CRITERIA),
  firstFlaggedAt: z.string(),
  evaluatedAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type Flag = z.infer<typeof flagSchema>;

/** The flagged-students list is paged: this many a page. */
export const FLAG_PAGE_SIZE = 50;

export const FLAG_SORTS = ['name', 'class', 'criterion', 'flagged'] as const;
export type FlagSort = (typeof FLAG_SORTS)[number];
export const FLAG_SORT_LABELS: Record<FlagSort, string> = {
  name: 'Name',
  class: 'Class',
  criterion: 'Criterion',
  flagged: 'Newest flag first',
};

export const flagListSchema = z.object({
  flags: z.array(flagSchema),
  /** How many match the filters, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const flagDetailSchema = z.object({
  flag: flagSchema,
  tasks: z.array(evidenceTaskSchema),
  followUps: z.array(followUpSchema),
});
export type FlagDetail = z.infer<typeof flagDetailSchema>;

export const flagQuerySchema = z.object({
  itemId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The flags of one term's items (a bachelor term, `2026-fa`). */
  termKey: dropoutTermSchema.optional(),
  status: z.enum(['open', 'cleared']).default('open'),
  classId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  criterion: z.enum(DROPOUT_CRITERIA, { error: VALIDATION.select }).optional(),
  /** At risk, or unknown (work not yet synced). */
  flagStatus: z.enum(DROPOUT_FLAG_STATUSES, { error: VALIDATION.select }).optional(),
  /** Part of the student's name. */
  q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  sort: z.enum(FLAG_SORTS, { error: VALIDATION.select }).default('name'),
  page: z.coerce
    .number({ error: 'Choose a page from 1 to 1,000.' })
    .int('Choose a page from 1 to 1,000.')
    .min(1, 'Choose a page from 1 to 1,000.')
    .max(1000, 'Choose a page from 1 to 1,000.')
    .default(1),
});

export const runResultSchema = z.object({
  flagged: z.number().int(),
  cleared: z.number().int(),
  open: z.number().int(),
  durationMs: z.number().int(),
});

export const followUpInputSchema = z.object({
  kind: z.enum(FOLLOW_UP_KINDS, { error: VALIDATION.select }),
  outcome: z
    .string()
    .trim()
    .min(1, 'Write what came of it.')
    .max(2000, 'Write at most 2,000 characters.'),
  version: z.coerce.number().int().positive(),
});

/** The follow-ups list's sorts: the oldest flag first (the longest waiting), by student, by
 * programme and class, or by when the outcome was recorded. */
export const FOLLOW_UP_SORTS = ['flagged', 'name', 'programme', 'done'] as const;
export type FollowUpSort = (typeof FOLLOW_UP_SORTS)[number];

export const followUpQuerySchema = z.object({
  status: z.enum(['open', 'done'], { error: VALIDATION.select }).default('open'),
  /** One flag's follow-up (the notification's link). */
  flagId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Part of the student's name, the programme's code or title, or the class's name. */
  q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  criterion: z.enum(DROPOUT_CRITERIA, { error: VALIDATION.select }).optional(),
  sort: z.enum(FOLLOW_UP_SORTS, { error: VALIDATION.select }).default('flagged'),
  dir: z.enum(['asc', 'desc'], { error: VALIDATION.select }).default('asc'),
  page: z.coerce
    .number({ error: 'Choose a page from 1 to 1,000.' })
    .int('Choose a page from 1 to 1,000.')
    .min(1, 'Choose a page from 1 to 1,000.')
    .max(1000, 'Choose a page from 1 to 1,000.')
    .default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(PAGE_SIZE_MAX).default(25),
});

export const followUpListSchema = z.object({
  followUps: z.array(followUpSchema),
  /** The tasks the evidence names. */
  tasks: z.array(evidenceTaskSchema),
  /** Open and done follow-ups the user is responsible for that match the search and filter
   * (the tabs' counts). */
  counts: z.object({ open: z.number().int(), done: z.number().int() }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const reportRowSchema = z.object({
  itemId: z.number().int(),
  criterion: z.enum(DROPOUT_CRITERIA),
  action: z.enum(DROPOUT_ACTIONS),
  percent: z.number().nullable(),
  weeks: z.number().int().nullable(),
  /** Deleted items stay in the report: their flags happened. */
  isDeleted: z.boolean(),
  flagged: z.number().int(),
  droppedOut: z.number().int(),
  stillActive: z.number().int(),
  completed: z.number().int(),
  droppedWithoutFlag: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportSchema = z.object({ rows: z.array(reportRowSchema) });

/** The class view's badge: students of the class flagged now. */
export const classFlagCountSchema = z.object({ flagged: z.number().int() });
