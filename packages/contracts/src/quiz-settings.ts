// A quiz's settings (its slots) and the input of a session (decision 0020 §3).
import { z } from 'zod';

const points = z.number().min(0.01).max(10_000);

export const quizSlotSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), questionId: z.number().int().positive(), points }),
  z.object({
    type: z.literal('random'),
    bankId: z.number().int().positive(),
    count: z.number().int().min(1).max(50),
    pointsEach: points,
  }),
]);
export type QuizSlot = z.infer<typeof quizSlotSchema>;

/** The most questions one attempt draws in all. */
export const QUIZ_MAX_QUESTIONS = 200;

export const quizSettingsSchema = z
  .object({
    slots: z.array(quizSlotSchema).min(1, 'At least 1 question must be added').max(200),
    shuffleQuestions: z.boolean().default(false),
    shuffleAnswers: z.boolean().default(true),
    /** 0: all on one page. */
    questionsPerPage: z.number().int().min(0).max(50).default(5),
    navigation: z.enum(['free', 'sequential']).default('free'),
  })
  .refine(
    (s) =>
      s.slots.reduce((n, slot) => n + (slot.type === 'fixed' ? 1 : slot.count), 0) <=
      QUIZ_MAX_QUESTIONS,
    { path: ['slots'], message: `At most ${String(QUIZ_MAX_QUESTIONS)} questions in all.` },
  );
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

export const reviewWhenSchema = z.enum(['never', 'immediately', 'after_close']);

export const quizSessionInputSchema = z
  .object({
    /** null: every class of the course. */
    classId: z.number().int().positive().nullable(),
    /** null: from the item's release. */
    opensAt: z.iso.datetime().nullable(),
    /** null: while the unit is open. */
    closesAt: z.iso.datetime().nullable(),
    timeLimitMinutes: z.number().int().min(1).max(600).nullable(),
    attemptsAllowed: z.number().int().min(1).max(20).nullable(),
    gradingMethod: z.enum(['highest', 'last', 'average']),
    review: z.object({ marks: reviewWhenSchema, answers: reviewWhenSchema }),
    allowedOffline: z.boolean().default(false),
  })
  .refine((s) => !s.allowedOffline || s.timeLimitMinutes === null, {
    path: ['allowedOffline'],
    message: 'A quiz with a time limit cannot be allowed offline.',
  })
  .refine((s) => !s.opensAt || !s.closesAt || s.opensAt < s.closesAt, {
    path: ['closesAt'],
    message: 'The quiz must close after it opens.',
  });
export type QuizSessionInput = z.infer<typeof quizSessionInputSchema>;
