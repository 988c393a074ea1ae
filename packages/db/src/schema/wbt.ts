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
  WBT_COMPLETIONS,
  WBT_LAUNCH_MODES,
  WBT_STANDARDS,
  WBT_SUCCESSES,
  type WbtSco,
  type WbtWarning,
} from '@lantern/contracts/wbt';
import { users } from './people';
import { files } from './operations';
import { programmeCourses } from './programmes';
import { learningItems, submissions } from './learning';

// Web-based trainings (decision 0020 §2.1): immutable packages with their file table, and the
// tracking of attempts as Moodle 4.3 normalises it (attempt → element → value), each value with
// the (launch, seq) of the commit that wrote it so an older or repeated commit never wins.

export const wbtStandardEnum = pgEnum('wbt_standard', WBT_STANDARDS);
export const wbtCompletionEnum = pgEnum('wbt_completion', WBT_COMPLETIONS);
export const wbtSuccessEnum = pgEnum('wbt_success', WBT_SUCCESSES);
export const wbtLaunchModeEnum = pgEnum('wbt_launch_mode', WBT_LAUNCH_MODES);

const tz = (name: string) => timestamp(name, { withTimezone: true });

export const wbtPackages = pgTable(
  'wbt_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The course it was uploaded to; copies of items in other runs reuse it. */
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    /** The zip as uploaded (file kind `wbt-package`). */
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    standard: wbtStandardEnum('standard').notNull(),
    title: text('title').notNull(),
    scos: jsonb('scos').$type<WbtSco[]>().notNull(),
    warnings: jsonb('warnings').$type<WbtWarning[]>().notNull().default([]),
    entries: integer('entries').notNull(),
    unpackedBytes: bigint('unpacked_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.jwlId, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wbt_packages_course_idx').on(t.courseId, t.createdAt),
    uniqueIndex('wbt_packages_sha_key').on(t.courseId, t.sha256),
  ],
);

/** The files validation stored: serving looks paths up here, so nothing else can be reached. */
export const wbtPackageFiles = pgTable(
  'wbt_package_files',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => wbtPackages.id, { onDelete: 'cascade' }),
    /** Normalised, `/`-separated, no leading `/`. */
    path: text('path').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.path] })],
);

export const wbtAttempts = pgTable(
  'wbt_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => wbtPackages.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    lastLaunchNo: integer('last_launch_no').notNull().default(0),
    completion: wbtCompletionEnum('completion').notNull().default('unknown'),
    success: wbtSuccessEnum('success').notNull().default('unknown'),
    scoreScaled: numeric('score_scaled', { precision: 6, scale: 5, mode: 'number' }),
    totalSeconds: integer('total_seconds').notNull().default(0),
    /** Set on completion: the hand-in that progress, queues and the grade book read. */
    submissionId: bigint('submission_id', { mode: 'number' }).references(() => submissions.id, {
      onDelete: 'set null',
    }),
    startedAt: tz('started_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    lastCommitAt: tz('last_commit_at'),
    /**
     * The learner's "Mark as done" of an HTML package made the attempt complete before the
     * package reported completion or was open long enough: a teacher grades it.
     */
    markedDoneEarly: boolean('marked_done_early').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('wbt_attempts_attempt_key').on(t.itemId, t.studentId, t.attempt),
    index('wbt_attempts_item_idx').on(t.itemId, t.completion),
    index('wbt_attempts_student_idx').on(t.studentId, t.itemId),
    check('wbt_attempts_attempt_check', sql`${t.attempt} >= 1`),
  ],
);

export const wbtLaunches = pgTable(
  'wbt_launches',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => wbtAttempts.id, { onDelete: 'cascade' }),
    launchNo: integer('launch_no').notNull(),
    mode: wbtLaunchModeEnum('mode').notNull(),
    issuedAt: tz('issued_at').notNull().defaultNow(),
    lastSeq: integer('last_seq').notNull().default(0),
    terminatedAt: tz('terminated_at'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.launchNo] })],
);

/**
 * Time spent per part (SCO) and launch: each part's session reports its own time, so a launch
 * that plays several parts keeps one time per part and the attempt's time is their sum.
 * `seconds` is the sum of the part's sessions in the launch (each session's highest commit's
 * time, from `wbt_commits`), `open_seconds` the time an HTML package was open in the page (the
 * server caps it by the launch's age).
 */
export const wbtPartTimes = pgTable(
  'wbt_part_times',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => wbtAttempts.id, { onDelete: 'cascade' }),
    launchNo: integer('launch_no').notNull(),
    sco: smallint('sco').notNull(),
    seconds: integer('seconds').notNull().default(0),
    /** The commit whose session time `seconds` is: a lower one never replaces it. */
    seq: integer('seq').notNull().default(0),
    openSeconds: integer('open_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.launchNo, t.sco] })],
);

export const wbtElements = pgTable(
  'wbt_elements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('wbt_elements_name_key').on(t.name),
    check(
      'wbt_elements_name_check',
      sql`length(${t.name}) <= 255 and ${t.name} ~ '^(cmi|adl)\\.[A-Za-z0-9_.]+$'`,
    ),
  ],
);

export const wbtValues = pgTable(
  'wbt_values',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => wbtAttempts.id, { onDelete: 'cascade' }),
    sco: smallint('sco').notNull(),
    elementId: integer('element_id')
      .notNull()
      .references(() => wbtElements.id),
    value: text('value').notNull(),
    /** The commit that wrote it. */
    launchNo: integer('launch_no').notNull(),
    seq: integer('seq').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.sco, t.elementId] }),
    check('wbt_values_value_check', sql`length(${t.value}) <= 65536`),
  ],
);

export const wbtScoStates = pgTable(
  'wbt_sco_states',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => wbtAttempts.id, { onDelete: 'cascade' }),
    sco: smallint('sco').notNull(),
    completion: wbtCompletionEnum('completion').notNull().default('unknown'),
    success: wbtSuccessEnum('success').notNull().default('unknown'),
    scoreScaled: numeric('score_scaled', { precision: 6, scale: 5, mode: 'number' }),
    /** The commit that last changed it. */
    launchNo: integer('launch_no').notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.sco] })],
);

export const wbtCommits = pgTable(
  'wbt_commits',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => wbtAttempts.id, { onDelete: 'cascade' }),
    launchNo: integer('launch_no').notNull(),
    seq: integer('seq').notNull(),
    sco: smallint('sco').notNull(),
    elements: smallint('elements').notNull(),
    /**
     * The session time the commit reported, and whether it ended its part's session: a part
     * opened again in one launch is a new session from 0, and its time is summed per session.
     */
    sessionSeconds: integer('session_seconds'),
    terminate: boolean('terminate').notNull().default(false),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.launchNo, t.seq] }),
    index('wbt_commits_received_idx').on(t.receivedAt),
  ],
);
