import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ATTEMPT_STATUSES,
  FINISHED_BY,
  GRADING_METHODS,
  QUESTION_KINDS,
} from '@lantern/contracts/quiz';
import { users } from './people';
import { files } from './operations';
import { classes, programmeCourses } from './programmes';
import { learningItems, submissions } from './learning';

// Quizzes (decision 0020 §3): banks of versioned questions per course; sessions (the item-wide
// one and one per class); attempts with a drawn layout, the latest response per slot with its
// save sequence (an older save never overwrites a newer one), and the marks.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  integer(name).references(() => users.jwlId, { onDelete: 'set null' });

export const questionKindEnum = pgEnum('question_kind', QUESTION_KINDS);
export const quizGradingMethodEnum = pgEnum('quiz_grading_method', GRADING_METHODS);
export const quizAttemptStatusEnum = pgEnum('quiz_attempt_status', ATTEMPT_STATUSES);
export const quizFinishedByEnum = pgEnum('quiz_finished_by', FINISHED_BY);

export const questionBanks = pgTable(
  'question_banks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    copiedFromBankId: integer('copied_from_bank_id'),
    /** Raised by any change of a question in it (the draw's cache key). */
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('question_banks_course_idx')
      .on(t.courseId)
      .where(sql`${t.deletedAt} is null`),
    check('question_banks_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    kind: questionKindEnum('kind').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    prompt: text('prompt').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    defaultPoints: numeric('default_points', { precision: 7, scale: 2, mode: 'number' })
      .notNull()
      .default(1),
    generalFeedback: text('general_feedback').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('questions_bank_idx')
      .on(t.bankId, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('questions_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

/** Every saved version of a question: an attempt reads the version it drew. */
export const questionVersions = pgTable(
  'question_versions',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: questionKindEnum('kind').notNull(),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    generalFeedback: text('general_feedback').notNull(),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);

export type QuizReview = { marks: string; answers: string };

export const quizSessions = pgTable(
  'quiz_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    /** null: every class of the course without its own session. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    opensAt: tz('opens_at'),
    closesAt: tz('closes_at'),
    timeLimitSeconds: integer('time_limit_seconds'),
    attemptsAllowed: smallint('attempts_allowed'),
    gradingMethod: quizGradingMethodEnum('grading_method').notNull().default('highest'),
    review: jsonb('review').$type<QuizReview>().notNull(),
    allowedOffline: boolean('allowed_offline').notNull().default(false),
    /** When marks held back until the close were published. */
    releasedAt: tz('released_at'),
    version: integer('version').notNull().default(1),
    updatedBy: userRef('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('quiz_sessions_item_class_key').on(t.itemId, t.classId).nullsNotDistinct(),
    index('quiz_sessions_release_idx')
      .on(t.closesAt)
      .where(sql`${t.releasedAt} is null and ${t.closesAt} is not null`),
    check(
      'quiz_sessions_window_check',
      sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.closesAt} > ${t.opensAt}`,
    ),
    check(
      'quiz_sessions_offline_check',
      sql`not ${t.allowedOffline} or ${t.timeLimitSeconds} is null`,
    ),
    check(
      'quiz_sessions_limits_check',
      sql`(${t.timeLimitSeconds} is null or ${t.timeLimitSeconds} > 0) and (${t.attemptsAllowed} is null or ${t.attemptsAllowed} >= 1)`,
    ),
  ],
);

export const quizOverrides = pgTable(
  'quiz_overrides',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => quizSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    extraSeconds: integer('extra_seconds').notNull().default(0),
    extraAttempts: smallint('extra_attempts').notNull().default(0),
    closesAt: tz('closes_at'),
    reason: text('reason').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: userRef('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentId] }),
    index('quiz_overrides_student_idx').on(t.studentId),
    check('quiz_overrides_reason_check', sql`length(${t.reason}) between 1 and 500`),
    check('quiz_overrides_extra_check', sql`${t.extraSeconds} >= 0 and ${t.extraAttempts} >= 0`),
  ],
);

/** One drawn question of an attempt. */
export type LayoutSlot = {
  slot: number;
  questionId: number;
  questionVersion: number;
  points: number;
  page: number;
  /** Choice (or matching answer) ids in the order shown; null: as authored. */
  choiceOrder: string[] | null;
};

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => quizSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    status: quizAttemptStatusEnum('status').notNull().default('in_progress'),
    finishedBy: quizFinishedByEnum('finished_by'),
    layout: jsonb('layout').$type<LayoutSlot[]>().notNull(),
    startedAt: tz('started_at').notNull().defaultNow(),
    /** Server clock only; null: neither a time limit nor a close. */
    deadlineAt: tz('deadline_at'),
    finishedAt: tz('finished_at'),
    clientStartedAt: tz('client_started_at'),
    clientFinishedAt: tz('client_finished_at'),
    lastSeq: integer('last_seq').notNull().default(0),
    currentPage: smallint('current_page').notNull().default(0),
    autoPoints: numeric('auto_points', { precision: 8, scale: 2, mode: 'number' }),
    manualPoints: numeric('manual_points', { precision: 8, scale: 2, mode: 'number' }),
    totalPoints: numeric('total_points', { precision: 8, scale: 2, mode: 'number' }),
    needsManual: boolean('needs_manual').notNull().default(false),
    submissionId: bigint('submission_id', { mode: 'number' }).references(() => submissions.id, {
      onDelete: 'set null',
    }),
    itemVersion: integer('item_version').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_client_key').on(t.clientId),
    uniqueIndex('quiz_attempts_attempt_key').on(t.itemId, t.studentId, t.attempt),
    uniqueIndex('quiz_attempts_open_key')
      .on(t.itemId, t.studentId)
      .where(sql`${t.status} = 'in_progress'`),
    index('quiz_attempts_session_idx').on(t.sessionId, t.status),
    index('quiz_attempts_student_idx').on(t.studentId),
    index('quiz_attempts_overdue_idx')
      .on(t.status, t.deadlineAt)
      .where(sql`${t.status} = 'in_progress'`),
    check('quiz_attempts_attempt_check', sql`${t.attempt} >= 1`),
    check(
      'quiz_attempts_finished_check',
      sql`(${t.status} = 'finished') = (${t.finishedAt} is not null and ${t.finishedBy} is not null)`,
    ),
  ],
);

export const quizResponses = pgTable(
  'quiz_responses',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    /** A spoken essay. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    savedSeq: integer('saved_seq').notNull().default(0),
    savedAt: tz('saved_at').notNull().defaultNow(),
    autoFraction: numeric('auto_fraction', { precision: 6, scale: 5, mode: 'number' }),
    manualPoints: numeric('manual_points', { precision: 7, scale: 2, mode: 'number' }),
    comment: text('comment'),
    gradedBy: userRef('graded_by'),
    gradedAt: tz('graded_at'),
    flagged: boolean('flagged').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.slot] }),
    check(
      'quiz_responses_size_check',
      sql`${t.response} is null or length(${t.response}::text) <= 60000`,
    ),
    check(
      'quiz_responses_comment_check',
      sql`${t.comment} is null or length(${t.comment}) <= 5000`,
    ),
  ],
);
