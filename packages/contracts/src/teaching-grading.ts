// The grading queue and the grade page (decision 0019).
import { z } from 'zod';
import { similarityBadgeSchema } from './similarity';
import { VALIDATION } from './messages';
import { GRADE_OUTCOMES, ITEM_KINDS_LIST, TASK_DELIVERIES, TASK_GRADINGS } from './learning-enums';
import { id, limit, pointsSchema } from './teaching-fields';

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
