// The kinds of question and each kind's data as authors write it (decision 0020 §3.2).
import { z } from 'zod';
import { requiredLine } from './quiz-fields';

const feedback = z.string().max(5000, 'At most 5000 characters').default('');
/** Choice, pair and answer ids: short strings the server makes at save and keeps across versions. */
const partId = z
  .string()
  .regex(/^[a-z0-9]{1,12}$/)
  .optional();
const fraction = z.number().min(-1).max(1);
const positiveFraction = z.number().min(0).max(1);

export const QUESTION_KINDS = [
  'single',
  'multiple',
  'true_false',
  'short_answer',
  'numeric',
  'matching',
  'essay',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True or false',
  short_answer: 'Short answer',
  numeric: 'Number',
  matching: 'Matching',
  essay: 'Essay',
};

/** Kinds scored by the server at finish; the others (essay) go to the grading queue. */
export const AUTO_QUESTION_KINDS: readonly QuestionKind[] = [
  'single',
  'multiple',
  'true_false',
  'short_answer',
  'numeric',
  'matching',
];

export const choiceSchema = z.object({
  id: partId,
  text: requiredLine(2000),
  /** −1…1 of the slot's points. */
  fraction,
  feedback,
});
export type Choice = z.infer<typeof choiceSchema>;

const choices = z.array(choiceSchema).min(2, 'At least 2 choices.').max(26, 'At most 26 choices.');

/** Fractions are compared in hundredths so that 1/3 + 1/3 + 1/3 counts as whole. */
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

export const singleDataSchema = z
  .object({ choices })
  .refine((d) => d.choices.some((c) => near(c.fraction, 1)), {
    path: ['choices'],
    message: 'One choice must be worth 100 %.',
  });
export const multipleDataSchema = z.object({ choices }).refine(
  (d) =>
    near(
      d.choices.filter((c) => c.fraction > 0).reduce((s, c) => s + c.fraction, 0),
      1,
    ),
  { path: ['choices'], message: 'The right choices must add up to 100 %.' },
);
export const trueFalseDataSchema = z.object({
  correct: z.boolean(),
  feedbackTrue: feedback,
  feedbackFalse: feedback,
});
export const shortAnswerDataSchema = z
  .object({
    answers: z
      .array(
        z.object({
          id: partId,
          /** `pattern`: `*` matches any characters; nothing else is special. */
          text: requiredLine(200),
          mode: z.enum(['exact', 'pattern']),
          caseSensitive: z.boolean().default(false),
          fraction: positiveFraction,
          feedback,
        }),
      )
      .min(1, 'At least 1 answer.')
      .max(20, 'At most 20 answers.'),
  })
  .refine((d) => d.answers.some((a) => near(a.fraction, 1)), {
    path: ['answers'],
    message: 'One answer must be worth 100 %.',
  });
export const numericDataSchema = z
  .object({
    answers: z
      .array(
        z.object({
          id: partId,
          value: z.number({ error: 'Enter a number' }),
          /** Absolute: |x − value| ≤ tolerance. */
          tolerance: z.number({ error: 'Enter a number' }).min(0, 'At least 0.'),
          fraction: positiveFraction,
          feedback,
        }),
      )
      .min(1, 'At least 1 answer.')
      .max(20, 'At most 20 answers.'),
  })
  .refine((d) => d.answers.some((a) => near(a.fraction, 1)), {
    path: ['answers'],
    message: 'One answer must be worth 100 %.',
  });
export const matchingDataSchema = z.object({
  pairs: z
    .array(
      z.object({
        id: partId,
        prompt: requiredLine(500),
        /** The id of this pair's answer as the learner sees it (not the pair's id). */
        answerId: partId,
        answer: requiredLine(500),
      }),
    )
    .min(2, 'At least 2 pairs.')
    .max(20, 'At most 20 pairs.'),
  /** Wrong answers offered beside the right ones. */
  extraAnswers: z
    .array(z.object({ id: partId, text: requiredLine(500) }))
    .max(10, 'At most 10 extra answers.')
    .default([]),
});
export const ESSAY_MAX_CHARS = 50_000;
export const essayDataSchema = z
  .object({
    responseFormat: z.enum(['text', 'voice', 'text_or_voice']).default('text'),
    minWords: z.number().int().min(1).max(10_000).nullable().default(null),
    maxWords: z.number().int().min(1).max(10_000).nullable().default(null),
    /** A spoken essay's longest recording. */
    maxSeconds: z.number().int().min(10).max(600).nullable().default(null),
    /** What graders read beside the answer (never shown to the learner). */
    graderInfo: z.string().max(5000).default(''),
  })
  .refine((d) => !d.minWords || !d.maxWords || d.minWords <= d.maxWords, {
    path: ['maxWords'],
    message: 'The most words must be at least the fewest.',
  })
  // The attempt page has no recorder yet (decision 0020, quiz screens): a spoken essay could
  // not be answered, so none is stored until it has one.
  .refine((d) => d.responseFormat === 'text', {
    path: ['responseFormat'],
    message: 'Spoken answers to quiz essays cannot be asked for yet.',
  });

export const QUESTION_DATA_SCHEMAS = {
  single: singleDataSchema,
  multiple: multipleDataSchema,
  true_false: trueFalseDataSchema,
  short_answer: shortAnswerDataSchema,
  numeric: numericDataSchema,
  matching: matchingDataSchema,
  essay: essayDataSchema,
} as const satisfies Record<QuestionKind, z.ZodType>;

export type SingleData = z.infer<typeof singleDataSchema>;
export type MultipleData = z.infer<typeof multipleDataSchema>;
export type TrueFalseData = z.infer<typeof trueFalseDataSchema>;
export type ShortAnswerData = z.infer<typeof shortAnswerDataSchema>;
export type NumericData = z.infer<typeof numericDataSchema>;
export type MatchingData = z.infer<typeof matchingDataSchema>;
export type EssayData = z.infer<typeof essayDataSchema>;

/** A question's data as stored: every id filled in. */
export type QuestionData =
  | { kind: 'single'; data: SingleData }
  | { kind: 'multiple'; data: MultipleData }
  | { kind: 'true_false'; data: TrueFalseData }
  | { kind: 'short_answer'; data: ShortAnswerData }
  | { kind: 'numeric'; data: NumericData }
  | { kind: 'matching'; data: MatchingData }
  | { kind: 'essay'; data: EssayData };
