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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SIMILARITY_PROVIDERS,
  SIMILARITY_STATUSES,
  SUBMISSION_TEXT_SOURCES,
} from '@lantern/contracts/similarity-enums';
import { users } from './people';
import { files } from './operations';
import { programmeCourses } from './programmes';
import { learningItems, submissions } from './learning';

// Similarity reports (decision 0020 §5): one check per submission and provider, the text read
// from each part of a submission, and the matches a check found with their passages.

const tz = (name: string) => timestamp(name, { withTimezone: true });

export const similarityProviderEnum = pgEnum('similarity_provider', SIMILARITY_PROVIDERS);
export const similarityStatusEnum = pgEnum('similarity_status', SIMILARITY_STATUSES);
export const submissionTextSourceEnum = pgEnum('submission_text_source', SUBMISSION_TEXT_SOURCES);

export const similarityChecks = pgTable(
  'similarity_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint('submission_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    provider: similarityProviderEnum('provider').notNull(),
    status: similarityStatusEnum('status').notNull().default('queued'),
    tries: smallint('tries').notNull().default(0),
    /** Share of this work's words found elsewhere, in per cent. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    flagged: boolean('flagged').notNull().default(false),
    words: integer('words'),
    externalId: text('external_id'),
    reportUrl: text('report_url'),
    error: text('error'),
    queuedAt: tz('queued_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('similarity_checks_submission_key').on(t.submissionId, t.provider),
    index('similarity_checks_item_idx')
      .on(t.itemId, t.score.desc())
      .where(sql`${t.status} = 'done'`),
    index('similarity_checks_open_idx')
      .on(t.status, t.queuedAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('similarity_checks_external_key')
      .on(t.provider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    check('similarity_checks_score_check', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/** The text of each part of a submission: 0 the typed text, 1… its files by position. */
export const submissionTexts = pgTable(
  'submission_texts',
  {
    submissionId: bigint('submission_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    part: smallint('part').notNull(),
    fileId: uuid('file_id').references(() => files.id),
    source: submissionTextSourceEnum('source').notNull(),
    text: text('text').notNull(),
    words: integer('words').notNull(),
    sha256: text('sha256').notNull(),
    extractedAt: tz('extracted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.part] }),
    index('submission_texts_sha_idx').on(t.sha256),
    check('submission_texts_text_check', sql`length(${t.text}) <= 2000000`),
  ],
);

/** A passage: this work's part and character range, then the other work's. */
export type SimilarityPassage = [number, number, number, number, number, number];

export const similarityMatches = pgTable(
  'similarity_matches',
  {
    checkId: bigint('check_id', { mode: 'number' })
      .notNull()
      .references(() => similarityChecks.id, { onDelete: 'cascade' }),
    otherSubmissionId: bigint('other_submission_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    otherStudentId: integer('other_student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    /** Share of this work covered by the other, in per cent. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    otherScore: numeric('other_score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    longestWords: integer('longest_words').notNull(),
    passages: jsonb('passages').$type<SimilarityPassage[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.otherSubmissionId] }),
    index('similarity_matches_other_idx').on(t.otherSubmissionId),
  ],
);
