// Attempts: what a learner sees and saves while answering, and the quiz's card (0020 §3.4).
import { z } from 'zod';
import { id, iso } from './quiz-fields';
import { reviewWhenSchema } from './quiz-settings';
import { quizResponseSchema } from './quiz-responses';
import { GRADING_METHODS, SESSION_STATES } from './quiz-sessions';

// ================================================================ attempts (0020 §3.4)

export const ATTEMPT_STATUSES = ['in_progress', 'finished'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const FINISHED_BY = ['learner', 'timeout', 'staff', 'close', 'sync'] as const;
export type FinishedBy = (typeof FINISHED_BY)[number];
export const FINISHED_BY_LABELS: Record<FinishedBy, string> = {
  learner: 'Handed in',
  timeout: 'Time ran out',
  staff: 'Finished by staff',
  close: 'Quiz closed',
  sync: 'Sent from a device',
};

export const startAttemptInputSchema = z.object({ clientId: z.uuid() });
export type StartAttemptInput = z.infer<typeof startAttemptInputSchema>;

/**
 * What a learner sees of a question while answering: built from an allow-list, never holding
 * fractions, right answers, feedback or grader information.
 */
export const questionViewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('single'),
    choices: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  z.object({
    kind: z.literal('multiple'),
    choices: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  z.object({ kind: z.literal('true_false') }),
  z.object({ kind: z.literal('short_answer') }),
  z.object({ kind: z.literal('numeric') }),
  z.object({
    kind: z.literal('matching'),
    prompts: z.array(z.object({ id: z.string(), prompt: z.string() })),
    answers: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  z.object({
    kind: z.literal('essay'),
    responseFormat: z.enum(['text', 'voice', 'text_or_voice']),
    minWords: z.number().int().nullable(),
    maxWords: z.number().int().nullable(),
    maxSeconds: z.number().int().nullable(),
  }),
]);
export type QuestionView = z.infer<typeof questionViewSchema>;

export const attemptQuestionSchema = z.object({
  /** 0-based position in the attempt (after shuffling). */
  slot: z.number().int(),
  /** 1-based number shown to the learner. */
  number: z.number().int(),
  page: z.number().int(),
  points: z.number(),
  /** Sanitised HTML. */
  prompt: z.string(),
  view: questionViewSchema,
  response: quizResponseSchema.nullable(),
  flagged: z.boolean(),
  savedAt: iso.nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/** `GET …/quiz-attempt/:attemptId/mine` and the start's answer. */
export const myAttemptSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  itemId: id,
  unitId: id,
  courseId: id,
  title: z.string(),
  sessionId: id,
  attempt: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  finishedBy: z.enum(FINISHED_BY).nullable(),
  startedAt: iso,
  finishedAt: iso.nullable(),
  /** null: no time limit and no close. Count down from `deadlineAt − serverNow`. */
  deadlineAt: iso.nullable(),
  serverNow: iso,
  lastSeq: z.number().int(),
  currentPage: z.number().int(),
  pageCount: z.number().int(),
  navigation: z.enum(['free', 'sequential']),
  maxPoints: z.number(),
  questions: z.array(attemptQuestionSchema),
});
export type MyAttempt = z.infer<typeof myAttemptSchema>;

export const responseInputSchema = z.object({
  slot: z.number().int().min(0).max(199),
  /** null: the answer cleared. */
  response: quizResponseSchema.nullable(),
  flagged: z.boolean().default(false),
});
export type ResponseInput = z.input<typeof responseInputSchema>;

/** `PUT …/quiz-attempt/:attemptId/responses`: `seq` rises with every save of the page. */
export const autosaveInputSchema = z.object({
  seq: z.number().int().min(1),
  page: z.number().int().min(0),
  responses: z.array(responseInputSchema).max(200),
});
export type AutosaveInput = z.input<typeof autosaveInputSchema>;

export const autosaveResultSchema = z.object({
  lastSeq: z.number().int(),
  savedAt: iso,
  serverNow: iso,
  deadlineAt: iso.nullable(),
});
export type AutosaveResult = z.infer<typeof autosaveResultSchema>;

/** `POST …/quiz-attempt/:attemptId/finish`: the last save and the finish in one. */
export const finishInputSchema = z.object({
  seq: z.number().int().min(0),
  page: z.number().int().min(0).optional(),
  responses: z.array(responseInputSchema).max(200).default([]),
});
export type FinishInput = z.input<typeof finishInputSchema>;

/** Marks of an attempt, when the review allows them (else null). */
export const attemptMarksSchema = z.object({
  /** null while an essay waits for its grader. */
  points: z.number().nullable(),
  maxPoints: z.number(),
});

export const attemptSummarySchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  finishedBy: z.enum(FINISHED_BY).nullable(),
  startedAt: iso,
  finishedAt: iso.nullable(),
  deadlineAt: iso.nullable(),
  needsManual: z.boolean(),
  marks: attemptMarksSchema.nullable(),
  /** Whether `…/review` shows anything now. */
  reviewAvailable: z.boolean(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/** The finish's answer (the same again for a finished attempt, whoever finished it). */
export const finishResultSchema = attemptSummarySchema.extend({
  submissionId: z.number().int().nullable(),
});
export type FinishResult = z.infer<typeof finishResultSchema>;

/** `GET …/quiz/:itemId/my-quiz`: the quiz's card for its learner. */
export const myQuizSchema = z.object({
  item: z.object({
    id,
    title: z.string(),
    body: z.string(),
    unitId: id,
    courseId: id,
    maxPoints: z.number(),
    questionCount: z.number().int(),
    navigation: z.enum(['free', 'sequential']),
  }),
  session: z.object({
    id,
    opensAt: iso.nullable(),
    /** The learner's close (an override's later close included). */
    closesAt: iso.nullable(),
    /** With the learner's extra time. */
    timeLimitMinutes: z.number().int().nullable(),
    /** With the learner's extra attempts; null: unlimited. */
    attemptsAllowed: z.number().int().nullable(),
    gradingMethod: z.enum(GRADING_METHODS),
    review: z.object({ marks: reviewWhenSchema, answers: reviewWhenSchema }),
    allowedOffline: z.boolean(),
    state: z.enum(SESSION_STATES),
  }),
  attemptsUsed: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  inProgress: z.object({ id: z.number().int(), deadlineAt: iso.nullable() }).nullable(),
  attempts: z.array(attemptSummarySchema),
  /** The published quiz grade, if any. */
  grade: z.object({ points: z.number().nullable(), maxPoints: z.number() }).nullable(),
  /** Why "Start" cannot be used now (QUIZ_NOT_OPEN, QUIZ_CLOSED, NO_ATTEMPT_LEFT, …), if so. */
  refusal: z.object({ code: z.string(), detail: z.string() }).nullable(),
  serverNow: iso,
});
export type MyQuiz = z.infer<typeof myQuizSchema>;
