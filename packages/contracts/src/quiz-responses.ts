// The learner's responses to each kind of question, and how a scored response came out.
import { z } from 'zod';
import { ESSAY_MAX_CHARS, type QuestionKind } from './quiz-question-data';

// ---------------------------------------------------------------- responses (the learner's)

export const singleResponseSchema = z.object({ choiceId: z.string().max(12).nullable() }).strict();
export const multipleResponseSchema = z
  .object({ choiceIds: z.array(z.string().max(12)).max(26) })
  .strict();
export const trueFalseResponseSchema = z.object({ value: z.boolean().nullable() }).strict();
export const shortAnswerResponseSchema = z
  .object({ text: z.string().max(200, 'At most 200 characters') })
  .strict();
export const numericResponseSchema = z
  .object({ text: z.string().max(100, 'At most 100 characters') })
  .strict();
export const matchingResponseSchema = z
  .object({ matches: z.record(z.string().max(12), z.string().max(12).nullable()) })
  .strict();
export const essayResponseSchema = z
  .object({
    text: z.string().max(ESSAY_MAX_CHARS, 'At most 50,000 characters').default(''),
    /** A spoken essay: an upload of purpose `submission` finished by this learner. */
    fileId: z.uuid().nullable().default(null),
  })
  .strict();

export const RESPONSE_SCHEMAS = {
  single: singleResponseSchema,
  multiple: multipleResponseSchema,
  true_false: trueFalseResponseSchema,
  short_answer: shortAnswerResponseSchema,
  numeric: numericResponseSchema,
  matching: matchingResponseSchema,
  essay: essayResponseSchema,
} as const satisfies Record<QuestionKind, z.ZodType>;

/** On the wire a response is any of them; the server checks it against its slot's kind. */
export const quizResponseSchema = z.union([
  singleResponseSchema,
  multipleResponseSchema,
  trueFalseResponseSchema,
  shortAnswerResponseSchema,
  numericResponseSchema,
  matchingResponseSchema,
  essayResponseSchema,
]);
export type QuizResponse = z.infer<typeof quizResponseSchema>;
export type SingleResponse = z.infer<typeof singleResponseSchema>;
export type MultipleResponse = z.infer<typeof multipleResponseSchema>;
export type TrueFalseResponse = z.infer<typeof trueFalseResponseSchema>;
export type ShortAnswerResponse = z.infer<typeof shortAnswerResponseSchema>;
export type NumericResponse = z.infer<typeof numericResponseSchema>;
export type MatchingResponse = z.infer<typeof matchingResponseSchema>;
export type EssayResponse = z.infer<typeof essayResponseSchema>;

/** The author's preview: `POST …/question/:questionId/try`. */
export const tryInputSchema = z.object({ response: quizResponseSchema });

/** How a scored response came out. */
export const RESPONSE_STATES = [
  'correct',
  'partial',
  'wrong',
  'unanswered',
  'needs_grading',
] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];
export const RESPONSE_STATE_LABELS: Record<ResponseState, string> = {
  correct: 'Correct',
  partial: 'Partly correct',
  wrong: 'Incorrect',
  unanswered: 'Not answered',
  needs_grading: 'To be graded',
};

export const tryResultSchema = z.object({
  /** 0…1; null for an essay (graded by a person). */
  fraction: z.number().nullable(),
  state: z.enum(RESPONSE_STATES),
  /** The feedback of the matched choice or answer, if any. */
  feedback: z.string().nullable(),
  /** 'Not enough words.' and the like, for an essay. */
  problem: z.string().nullable(),
});
export type TryResult = z.infer<typeof tryResultSchema>;
