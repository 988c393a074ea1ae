// After the attempt: review, staff results and grading, item analysis (0020 §3.5, §3.6).
import { z } from 'zod';
import { id, iso, version } from './quiz-fields';
import { QUESTION_KINDS } from './quiz-question-data';
import { RESPONSE_STATES } from './quiz-responses';
import { GRADING_METHODS, overrideSchema, quizSessionSchema } from './quiz-sessions';
import { attemptQuestionSchema, attemptSummarySchema } from './quiz-attempts';

// ---------------------------------------------------------------- review (0020 §3.5)

export const reviewQuestionSchema = attemptQuestionSchema.extend({
  kind: z.enum(QUESTION_KINDS),
  /** When marks are shown: 0…1 (null for an ungraded essay). */
  fraction: z.number().nullable(),
  awardedPoints: z.number().nullable(),
  state: z.enum(RESPONSE_STATES).nullable(),
  /** When answers are shown: the question's data (right answers, feedback) and its feedback. */
  data: z.unknown().nullable(),
  feedback: z.string().nullable(),
  generalFeedback: z.string().nullable(),
  /** The grader's comment on an essay. */
  comment: z.string().nullable(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

export const attemptReviewSchema = z.object({
  attempt: attemptSummarySchema,
  itemId: id,
  unitId: id,
  courseId: id,
  title: z.string(),
  marksShown: z.boolean(),
  answersShown: z.boolean(),
  questions: z.array(reviewQuestionSchema),
});
export type AttemptReview = z.infer<typeof attemptReviewSchema>;

// ---------------------------------------------------------------- staff: results and grading

export const staffAttemptQuestionSchema = attemptQuestionSchema.extend({
  kind: z.enum(QUESTION_KINDS),
  questionId: id,
  questionVersion: z.number().int(),
  title: z.string(),
  data: z.unknown(),
  generalFeedback: z.string(),
  autoFraction: z.number().nullable(),
  manualPoints: z.number().nullable(),
  awardedPoints: z.number().nullable(),
  state: z.enum(RESPONSE_STATES),
  feedback: z.string().nullable(),
  comment: z.string().nullable(),
  gradedAt: iso.nullable(),
  /** A spoken essay's signed link. */
  fileUrl: z.string().nullable(),
  /** 'Not enough words.' for an essay below its fewest words. */
  problem: z.string().nullable(),
});
export type StaffAttemptQuestion = z.infer<typeof staffAttemptQuestionSchema>;

/** `GET …/quiz-attempt/:id`, `GET …/submission/:submissionId/quiz` and the marks' answer. */
export const staffAttemptSchema = z.object({
  attempt: attemptSummarySchema.extend({
    autoPoints: z.number().nullable(),
    manualPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
    submissionId: z.number().int().nullable(),
  }),
  student: z.object({ id, name: z.string() }),
  itemId: id,
  title: z.string(),
  sessionId: id,
  gradingMethod: z.enum(GRADING_METHODS),
  maxPoints: z.number(),
  /** The quiz grade the method gives over this learner's finished attempts (marks complete). */
  methodPoints: z.number().nullable(),
  questions: z.array(staffAttemptQuestionSchema),
});
export type StaffAttempt = z.infer<typeof staffAttemptSchema>;

/** `PUT …/quiz-attempt/:id/marks`: essays' points; the draft grade follows the method. */
export const marksInputSchema = z.object({
  marks: z
    .array(
      z.object({
        slot: z.number().int().min(0).max(199),
        points: z.number({ error: 'Enter a number' }).min(0, 'At least 0.').multipleOf(0.01),
        comment: z.string().max(5000, 'At most 5000 characters').nullable().default(null),
      }),
    )
    .min(1)
    .max(200),
  /** The grade's version read, absent when there was no grade yet. */
  gradeVersion: version.optional(),
});
export type MarksInput = z.input<typeof marksInputSchema>;

export const resultsRowSchema = z.object({
  studentId: id,
  name: z.string(),
  className: z.string().nullable(),
  attempts: z.array(
    attemptSummarySchema.extend({
      totalPoints: z.number().nullable(),
      submissionId: z.number().int().nullable(),
    }),
  ),
  /** The method's points over finished attempts with complete marks. */
  methodPoints: z.number().nullable(),
  grade: z
    .object({ points: z.number().nullable(), isPublished: z.boolean(), byPerson: z.boolean() })
    .nullable(),
  override: overrideSchema.nullable(),
});
export type ResultsRow = z.infer<typeof resultsRowSchema>;

/** `GET …/quiz-session/:id/results`: learners in the caller's reach. */
export const sessionResultsSchema = z.object({
  session: quizSessionSchema,
  item: z.object({ id, title: z.string(), courseId: id, unitId: id, maxPoints: z.number() }),
  rows: z.array(resultsRowSchema),
  canEdit: z.boolean(),
});
export type SessionResults = z.infer<typeof sessionResultsSchema>;

// ---------------------------------------------------------------- item analysis (0020 §3.6)

export const analysisQuerySchema = z.object({
  sessionId: z.coerce.number().int().positive().optional(),
  attempts: z.enum(['first', 'all']).default('all'),
});
export type AnalysisQuery = z.input<typeof analysisQuerySchema>;

/** Fewer finished attempts than this on a question: "too few attempts to judge". */
export const ANALYSIS_MIN_ATTEMPTS = 10;

export const analysisRowSchema = z.object({
  questionId: id,
  title: z.string(),
  kind: z.enum(QUESTION_KINDS),
  attempts: z.number().int(),
  /** Mean fraction × 100 (0…100); null without attempts. */
  facility: z.number().nullable(),
  /** 100 × Pearson r of the question's points and the rest of the attempt's; null if undefined. */
  discrimination: z.number().nullable(),
  /** Standard deviation of the fraction × 100. */
  sd: z.number().nullable(),
  tooFew: z.boolean(),
  /** Choice questions: the share (0…100) of responses that picked each choice. */
  choices: z
    .array(z.object({ id: z.string(), text: z.string(), share: z.number(), fraction: z.number() }))
    .nullable(),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;

export const quizAnalysisSchema = z.object({
  item: z.object({ id, title: z.string(), courseId: id, unitId: id }),
  sessions: z.array(z.object({ id, className: z.string().nullable() })),
  attemptsCounted: z.number().int(),
  rows: z.array(analysisRowSchema),
});
export type QuizAnalysis = z.infer<typeof quizAnalysisSchema>;
