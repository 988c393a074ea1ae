import { z } from 'zod';
import {
  SIMILARITY_PROVIDERS,
  SIMILARITY_STATUSES,
  SUBMISSION_TEXT_SOURCES,
} from './similarity-enums';

/** Similarity reports (decision 0020 §5): what the API answers for the three rights. */

export const similarityStatusSchema = z.enum(SIMILARITY_STATUSES);

/** The grading queue's and grade page's badge (only for the instructor right). */
export const similarityBadgeSchema = z
  .object({
    status: similarityStatusSchema,
    score: z.number().nullable(),
    flagged: z.boolean(),
  })
  .nullable();
export type SimilarityBadge = z.infer<typeof similarityBadgeSchema>;

/** `[part, start, end, otherPart, otherStart, otherEnd]`: character offsets into the parts. */
export const passageSchema = z.tuple([
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
]);
export type Passage = z.infer<typeof passageSchema>;

export const textPartSchema = z.object({
  part: z.number().int(),
  source: z.enum(SUBMISSION_TEXT_SOURCES),
  name: z.string().nullable(),
  text: z.string(),
});
export type TextPart = z.infer<typeof textPartSchema>;

export const checkSummarySchema = z.object({
  id: z.number().int(),
  status: similarityStatusSchema,
  provider: z.enum(SIMILARITY_PROVIDERS),
  score: z.number().nullable(),
  flagged: z.boolean(),
  words: z.number().int().nullable(),
  error: z.string().nullable(),
  reportUrl: z.string().nullable(),
  tries: z.number().int(),
  queuedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const reportMatchSchema = z.object({
  otherSubmissionId: z.number().int(),
  score: z.number(),
  otherScore: z.number(),
  longestWords: z.number().int(),
  passageCount: z.number().int(),
  /**
   * Which of the pair was handed in first (by hand-in time; the same moment goes to the older
   * submission): two copies score alike, the order tells the original. Null when one of them
   * has no hand-in time.
   */
  firstHandedIn: z.enum(['this', 'other']).nullable(),
  /** Null when that learner is not in the caller's reach: only the passages are shown. */
  other: z
    .object({ studentId: z.number().int(), name: z.string(), submittedAt: z.string().nullable() })
    .nullable(),
});
export type ReportMatch = z.infer<typeof reportMatchSchema>;

export const similarityReportSchema = z.object({
  check: checkSummarySchema.nullable(),
  submission: z.object({
    id: z.number().int(),
    attempt: z.number().int(),
    submittedAt: z.string().nullable(),
    student: z.object({ id: z.number().int(), name: z.string() }),
    item: z.object({ id: z.number().int(), title: z.string() }),
    course: z.object({ id: z.number().int(), code: z.string() }),
  }),
  parts: z.array(textPartSchema),
  matches: z.array(reportMatchSchema),
});
export type SimilarityReport = z.infer<typeof similarityReportSchema>;

export const similarityMatchDetailSchema = z.object({
  otherSubmissionId: z.number().int(),
  passages: z.array(passageSchema),
  /** The other work's text when that learner is in reach; else null. */
  otherParts: z.array(textPartSchema).nullable(),
  /** Out of reach: the other side of each passage alone, in order. */
  otherExcerpts: z.array(z.string()),
  other: reportMatchSchema.shape.other,
});
export type SimilarityMatchDetail = z.infer<typeof similarityMatchDetailSchema>;

export const mySimilarityQuerySchema = z.object({
  submission: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .optional(),
});

export const mySimilaritySchema = z.object({
  /** Null: this attempt has no check (not handed in, or of a kind that is not checked). */
  check: z
    .object({
      status: similarityStatusSchema,
      score: z.number().nullable(),
      flagged: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
  submissionId: z.number().int().nullable(),
  parts: z.array(textPartSchema),
  /** Own passages only: never another's text or name. */
  passages: z.array(
    z.object({
      part: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      /** When the other work was handed in, so the page can say "2 days earlier". */
      otherSubmittedAt: z.string().nullable(),
    }),
  ),
});
export type MySimilarity = z.infer<typeof mySimilaritySchema>;

export const similarityChecksQuerySchema = z.object({
  status: similarityStatusSchema.optional(),
  courseId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SimilarityChecksQuery = z.infer<typeof similarityChecksQuerySchema>;

export const similarityCheckRowSchema = checkSummarySchema.extend({
  submissionId: z.number().int(),
  studentName: z.string(),
  itemId: z.number().int(),
  itemTitle: z.string(),
  courseCode: z.string(),
});
export type SimilarityCheckRow = z.infer<typeof similarityCheckRowSchema>;

export const similarityChecksPageSchema = z.object({
  items: z.array(similarityCheckRowSchema),
  nextCursor: z.string().nullable(),
});
export type SimilarityChecksPage = z.infer<typeof similarityChecksPageSchema>;

export const recheckResultSchema = z.object({ queued: z.number().int() });
