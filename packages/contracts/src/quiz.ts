import { z } from 'zod';
import { richTextSchema } from './rich-text';

/**
 * Quizzes (decision 0020 §3): slots drawn from a course's question banks. The timing lives in
 * the quiz's sessions, not in its settings.
 */

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

// ================================================================ questions (0020 §3.2)

const id = z.number().int().positive();
const iso = z.string();
const version = z.number().int().min(1);
const requiredLine = (max: number) =>
  z
    .string({ error: 'This field must be filled' })
    .trim()
    .min(1, 'This field must be filled')
    .max(max, `At most ${String(max)} characters`);
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
