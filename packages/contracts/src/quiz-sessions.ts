// Quiz sessions: grading methods, review, states, edits and learners' overrides (0020 §3.3).
import { z } from 'zod';
import { id, iso, requiredLine, version } from './quiz-fields';
import { reviewWhenSchema } from './quiz-settings';

// ================================================================ sessions (0020 §3.3)

export const GRADING_METHODS = ['highest', 'last', 'average'] as const;
export type GradingMethod = (typeof GRADING_METHODS)[number];
export const GRADING_METHOD_LABELS: Record<GradingMethod, string> = {
  highest: 'Highest attempt',
  last: 'Last attempt',
  average: 'Average of attempts',
};
export type ReviewWhen = z.infer<typeof reviewWhenSchema>;
export const REVIEW_WHEN_LABELS: Record<ReviewWhen, string> = {
  never: 'Never',
  immediately: 'Right after the attempt',
  after_close: 'After the quiz closes',
};

/** Where a session stands now, by the server's clock. */
export const SESSION_STATES = ['not_open', 'open', 'closed'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** A session's edit: everything but its class. */
export const quizSessionUpdateSchema = z
  .object({
    opensAt: z.iso.datetime().nullable(),
    closesAt: z.iso.datetime().nullable(),
    timeLimitMinutes: z.number().int().min(1).max(600).nullable(),
    attemptsAllowed: z.number().int().min(1).max(20).nullable(),
    gradingMethod: z.enum(GRADING_METHODS),
    review: z.object({ marks: reviewWhenSchema, answers: reviewWhenSchema }),
    allowedOffline: z.boolean().default(false),
    version,
  })
  .refine((s) => !s.allowedOffline || s.timeLimitMinutes === null, {
    path: ['allowedOffline'],
    message: 'A quiz with a time limit cannot be allowed offline.',
  })
  .refine((s) => !s.opensAt || !s.closesAt || s.opensAt < s.closesAt, {
    path: ['closesAt'],
    message: 'The quiz must close after it opens.',
  });
export type QuizSessionUpdate = z.input<typeof quizSessionUpdateSchema>;

/** `POST …/quiz-session/:id/open` and `…/close`. */
export const sessionActionSchema = z.object({ version });

export const overrideInputSchema = z
  .object({
    extraMinutes: z.number().int().min(0).max(600).default(0),
    extraAttempts: z.number().int().min(0).max(20).default(0),
    /** A later close for this learner; null: the session's. */
    closesAt: z.iso.datetime().nullable().default(null),
    reason: requiredLine(500),
    /** The version read; absent when the learner had none yet. */
    version: version.optional(),
  })
  .refine((o) => o.extraMinutes > 0 || o.extraAttempts > 0 || o.closesAt !== null, {
    path: ['extraMinutes'],
    message: 'Give extra time, extra attempts or a later close.',
  });
export type OverrideInput = z.input<typeof overrideInputSchema>;

export const overrideSchema = z.object({
  studentId: id,
  name: z.string(),
  extraMinutes: z.number().int(),
  extraAttempts: z.number().int(),
  closesAt: iso.nullable(),
  reason: z.string(),
  version: z.number().int(),
  updatedAt: iso,
});
export type Override = z.infer<typeof overrideSchema>;

export const quizSessionSchema = z.object({
  id,
  itemId: id,
  /** null: the item-wide session (every class without its own). */
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  opensAt: iso.nullable(),
  closesAt: iso.nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  gradingMethod: z.enum(GRADING_METHODS),
  review: z.object({ marks: reviewWhenSchema, answers: reviewWhenSchema }),
  allowedOffline: z.boolean(),
  state: z.enum(SESSION_STATES),
  /** When marks held back until the close were published. */
  releasedAt: iso.nullable(),
  version: z.number().int(),
  updatedAt: iso,
  attemptsInProgress: z.number().int(),
  attemptsFinished: z.number().int(),
  overrides: z.array(overrideSchema),
});
export type QuizSession = z.infer<typeof quizSessionSchema>;

export const quizSessionsSchema = z.object({
  item: z.object({ id, title: z.string(), courseId: id, unitId: id, maxPoints: z.number() }),
  items: z.array(quizSessionSchema),
  /** Classes in the caller's reach that have no session of their own yet. */
  classesWithout: z.array(z.object({ id, name: z.string() })),
  /** Whether the caller may edit sessions (QUIZ_SESSION__EDIT). */
  canEdit: z.boolean(),
  serverNow: iso,
});
export type QuizSessions = z.infer<typeof quizSessionsSchema>;
