import { z } from 'zod';
import { richTextSchema } from './rich-text';
import { id, iso, requiredLine, version } from './quiz-fields';
import {
  essayDataSchema,
  matchingDataSchema,
  multipleDataSchema,
  numericDataSchema,
  QUESTION_KINDS,
  type QuestionData,
  shortAnswerDataSchema,
  singleDataSchema,
  trueFalseDataSchema,
} from './quiz-question-data';

/**
 * Quizzes (decision 0020 §3): slots drawn from a course's question banks. The timing lives in
 * the quiz's sessions, not in its settings. The contracts live by topic in quiz-*.ts (the
 * questions' inputs, which hold rich text, stay here); this module offers them all by name.
 */

export {
  quizSlotSchema,
  QUIZ_MAX_QUESTIONS,
  quizSettingsSchema,
  reviewWhenSchema,
  quizSessionInputSchema,
} from './quiz-settings';
export type { QuizSlot, QuizSettings, QuizSessionInput } from './quiz-settings';
export {
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  AUTO_QUESTION_KINDS,
  choiceSchema,
  singleDataSchema,
  multipleDataSchema,
  trueFalseDataSchema,
  shortAnswerDataSchema,
  numericDataSchema,
  matchingDataSchema,
  ESSAY_MAX_CHARS,
  essayDataSchema,
  QUESTION_DATA_SCHEMAS,
} from './quiz-question-data';
export type {
  QuestionKind,
  Choice,
  SingleData,
  MultipleData,
  TrueFalseData,
  ShortAnswerData,
  NumericData,
  MatchingData,
  EssayData,
  QuestionData,
} from './quiz-question-data';
export {
  singleResponseSchema,
  multipleResponseSchema,
  trueFalseResponseSchema,
  shortAnswerResponseSchema,
  numericResponseSchema,
  matchingResponseSchema,
  essayResponseSchema,
  RESPONSE_SCHEMAS,
  quizResponseSchema,
  tryInputSchema,
  RESPONSE_STATES,
  RESPONSE_STATE_LABELS,
  tryResultSchema,
} from './quiz-responses';
export type {
  QuizResponse,
  SingleResponse,
  MultipleResponse,
  TrueFalseResponse,
  ShortAnswerResponse,
  NumericResponse,
  MatchingResponse,
  EssayResponse,
  ResponseState,
  TryResult,
} from './quiz-responses';
export {
  GRADING_METHODS,
  GRADING_METHOD_LABELS,
  REVIEW_WHEN_LABELS,
  SESSION_STATES,
  quizSessionUpdateSchema,
  sessionActionSchema,
  overrideInputSchema,
  overrideSchema,
  quizSessionSchema,
  quizSessionsSchema,
} from './quiz-sessions';
export type {
  GradingMethod,
  ReviewWhen,
  SessionState,
  QuizSessionUpdate,
  OverrideInput,
  Override,
  QuizSession,
  QuizSessions,
} from './quiz-sessions';
export {
  ATTEMPT_STATUSES,
  FINISHED_BY,
  FINISHED_BY_LABELS,
  startAttemptInputSchema,
  questionViewSchema,
  attemptQuestionSchema,
  myAttemptSchema,
  responseInputSchema,
  autosaveInputSchema,
  autosaveResultSchema,
  finishInputSchema,
  attemptMarksSchema,
  attemptSummarySchema,
  finishResultSchema,
  myQuizSchema,
} from './quiz-attempts';
export type {
  AttemptStatus,
  FinishedBy,
  StartAttemptInput,
  QuestionView,
  AttemptQuestion,
  MyAttempt,
  ResponseInput,
  AutosaveInput,
  AutosaveResult,
  FinishInput,
  AttemptSummary,
  FinishResult,
  MyQuiz,
} from './quiz-attempts';
export {
  reviewQuestionSchema,
  attemptReviewSchema,
  staffAttemptQuestionSchema,
  staffAttemptSchema,
  marksInputSchema,
  resultsRowSchema,
  sessionResultsSchema,
  analysisQuerySchema,
  ANALYSIS_MIN_ATTEMPTS,
  analysisRowSchema,
  quizAnalysisSchema,
} from './quiz-results';
export type {
  ReviewQuestion,
  AttemptReview,
  StaffAttemptQuestion,
  StaffAttempt,
  MarksInput,
  ResultsRow,
  SessionResults,
  AnalysisQuery,
  AnalysisRow,
  QuizAnalysis,
} from './quiz-results';

// ================================================================ questions (0020 §3.2)

const questionCommon = {
  title: requiredLine(200),
  /** Sanitised HTML (the server sanitises). */
  prompt: richTextSchema(100_000, 'At most 100 KB of text.').default(''),
  defaultPoints: z
    .number({ error: 'Enter a number' })
    .min(0.01, 'Points must be more than 0.')
    .max(10_000, 'At most 10,000 points.')
    .multipleOf(0.01)
    .default(1),
  /** Shown to the learner on review as HTML: sanitised like every rich text. */
  generalFeedback: richTextSchema(5000, 'At most 5000 characters').default(''),
};

export const questionInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), ...questionCommon, data: singleDataSchema }),
  z.object({ kind: z.literal('multiple'), ...questionCommon, data: multipleDataSchema }),
  z.object({ kind: z.literal('true_false'), ...questionCommon, data: trueFalseDataSchema }),
  z.object({ kind: z.literal('short_answer'), ...questionCommon, data: shortAnswerDataSchema }),
  z.object({ kind: z.literal('numeric'), ...questionCommon, data: numericDataSchema }),
  z.object({ kind: z.literal('matching'), ...questionCommon, data: matchingDataSchema }),
  z.object({ kind: z.literal('essay'), ...questionCommon, data: essayDataSchema }),
]);
export type QuestionInput = z.input<typeof questionInputSchema>;

/** An edit: the kind stays; `version` is the one read. */
export const questionUpdateSchema = z.intersection(questionInputSchema, z.object({ version }));
export type QuestionUpdate = z.input<typeof questionUpdateSchema>;

/** A question as its authors read it (ids filled in). */
export const questionSchema = z.object({
  id,
  bankId: id,
  courseId: id,
  kind: z.enum(QUESTION_KINDS),
  title: z.string(),
  prompt: z.string(),
  data: z.unknown(),
  defaultPoints: z.number(),
  generalFeedback: z.string(),
  version: z.number().int(),
  updatedAt: iso,
});
export type Question = Omit<z.infer<typeof questionSchema>, 'kind' | 'data'> & QuestionData;

export const questionRowSchema = z.object({
  id,
  kind: z.enum(QUESTION_KINDS),
  title: z.string(),
  defaultPoints: z.number(),
  version: z.number().int(),
  updatedAt: iso,
});
export type QuestionRow = z.infer<typeof questionRowSchema>;

// ---------------------------------------------------------------- banks

export const bankInputSchema = z.object({ title: requiredLine(200) });
export type BankInput = z.input<typeof bankInputSchema>;
export const bankUpdateSchema = bankInputSchema.extend({ version });
export type BankUpdate = z.input<typeof bankUpdateSchema>;

export const bankSchema = z.object({
  id,
  courseId: id,
  title: z.string(),
  questionCount: z.number().int(),
  copiedFromBankId: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: iso,
  /** Quizzes whose slots draw from this bank or use one of its questions. */
  usedBy: z.array(z.object({ itemId: id, title: z.string() })),
});
export type Bank = z.infer<typeof bankSchema>;
export const bankListSchema = z.object({ items: z.array(bankSchema) });
export type BankList = z.infer<typeof bankListSchema>;

export const bankQuestionsSchema = z.object({
  bank: bankSchema,
  items: z.array(questionRowSchema),
});
export type BankQuestions = z.infer<typeof bankQuestionsSchema>;

/** `DELETE …/question-bank/:bankId` and `…/question/:questionId` take the version read. */
export const versionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });
