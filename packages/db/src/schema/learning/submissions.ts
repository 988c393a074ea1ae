// Attempts at tasks, their files, and uploads in progress.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../people';
import { files } from '../operations';
import { programmeCourses } from '../programmes';
import { stamps, tz } from './columns';
import { submissionStatusEnum, uploadPurposeEnum } from './enums';
import { learningItems } from './content';

/** An attempt at a task: a draft until submitted; every attempt is kept. */
export const submissions = pgTable(
  'submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Made by the device for the draft (a resend is a duplicate), else by the server. */
    clientId: uuid('client_id').notNull().defaultRandom(),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull().default(1),
    status: submissionStatusEnum('status').notNull().default('draft'),
    isLatest: boolean('is_latest').notNull().default(true),
    /** Plain text (answers are not rich text). */
    text: text('text'),
    wordCount: integer('word_count').notNull().default(0),
    itemVersion: integer('item_version').notNull(),
    late: boolean('late').notNull().default(false),
    submittedAt: tz('submitted_at'),
    /** The device's clock when it saved (offline use later). */
    clientSavedAt: tz('client_saved_at'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('submissions_client_key').on(t.clientId),
    uniqueIndex('submissions_attempt_key').on(t.itemId, t.studentId, t.attempt),
    uniqueIndex('submissions_latest_key')
      .on(t.itemId, t.studentId)
      .where(sql`${t.isLatest}`),
    uniqueIndex('submissions_draft_key')
      .on(t.itemId, t.studentId)
      .where(sql`${t.status} = 'draft'`),
    index('submissions_student_idx')
      .on(t.studentId, t.courseId, t.itemId)
      .where(sql`${t.isLatest}`),
    index('submissions_queue_idx')
      .on(t.itemId, t.submittedAt)
      .where(sql`${t.status} = 'submitted' and ${t.isLatest}`),
    check('submissions_attempt_check', sql`${t.attempt} >= 1`),
    check(
      'submissions_submitted_check',
      sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`,
    ),
    check('submissions_text_check', sql`${t.text} is null or length(${t.text}) <= 200000`),
  ],
);

/** The files of an attempt. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    submissionId: bigint('submission_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** The original name, cleaned. */
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    addedAt: tz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.fileId] }),
    index('submission_files_file_idx').on(t.fileId),
  ],
);

/**
 * A resumable upload (tus): its state lives here, not in a node's memory, so any node can take
 * the next part. A PATCH takes the lease with one short UPDATE; no transaction stays open.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    purpose: uploadPurposeEnum('purpose').notNull(),
    itemId: integer('item_id').references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => programmeCourses.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key').notNull(),
    leaseToken: uuid('lease_token'),
    leaseUntil: tz('lease_until'),
    completedAt: tz('completed_at'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    expiresAt: tz('expires_at').notNull(),
    ...stamps,
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    index('uploads_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.completedAt} is null`),
    // Deleting a file sets this column null (the foreign key's action) and the sweep of unused
    // files deletes them: without it each deletion reads the whole table.
    index('uploads_file_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    check('uploads_offset_check', sql`${t.offset} >= 0 and ${t.offset} <= ${t.declaredSize}`),
  ],
);
