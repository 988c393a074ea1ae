import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COURSE_STATUSES,
  CREDIT_ENTRY_KINDS,
  EXPORT_STATUSES,
  OFFERING_KINDS,
  TERMS,
  TRANSFER_KINDS,
  TRANSFER_STATES,
  VERIFICATION_LEVELS,
} from '@lantern/contracts/bachelor';
import { clcs, users } from './people';
import { files } from './operations';
import {
  classes,
  courseResultSourceEnum,
  enrolments,
  gradingSchemas,
  programmeCourses,
  programmes,
} from './programmes';

// The bachelor model (docs/decisions/0022). A bachelor student is an `enrolments` row of a
// bachelor programme (states and actions of 0006, breaks of 0007); what a bachelor adds is
// here: cohorts, terms and what they offer, each student's courses per term, the credit ledger,
// transfers, verification and exports. Classrooms are `classes` rows of an offering.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  integer(name).references(() => users.jwlId, { onDelete: 'set null' });
const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
};

export const termSeasonEnum = pgEnum('term_season', TERMS);
export const offeringKindEnum = pgEnum('offering_kind', OFFERING_KINDS);
export const courseStatusEnum = pgEnum('course_status', COURSE_STATUSES);
export const exportStatusEnum = pgEnum('export_status', EXPORT_STATUSES);
export const verificationLevelEnum = pgEnum('verification_level', VERIFICATION_LEVELS);
export const creditEntryKindEnum = pgEnum('credit_entry_kind', CREDIT_ENTRY_KINDS);
export const transferKindEnum = pgEnum('transfer_kind', TRANSFER_KINDS);
export const transferStateEnum = pgEnum('transfer_state', TRANSFER_STATES);

/** An intake of a bachelor programme: the students who started together (spec §3: code). */
export const baCohorts = pgTable(
  'ba_cohorts',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The term the cohort starts in, as its key (`2026-fa`). */
    intakeTerm: text('intake_term').notNull(),
    createdBy: userRef('created_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('ba_cohorts_code_key').on(t.programmeId, sql`lower(${t.code})`)],
);

/** A student of a cohort: the enrolment, with the values the last import gave them. */
export const baCohortMembers = pgTable(
  'ba_cohort_members',
  {
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => baCohorts.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    /** The row's values as the last import that listed them wrote them (drift is told by them). */
    imported: jsonb('imported').$type<Record<string, string | null>>(),
    lastImportId: integer('last_import_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.enrolmentId] }),
    uniqueIndex('ba_cohort_members_enrolment_key').on(t.enrolmentId),
  ],
);

/** One applied import of a cohort file: what it did, and the file itself. */
export const baCohortImports = pgTable(
  'ba_cohort_imports',
  {
    id: serial('id').primaryKey(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => baCohorts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    rows: integer('rows').notNull(),
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    unlisted: integer('unlisted').notNull(),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ba_cohort_imports_cohort_idx').on(t.cohortId, t.createdAt)],
);

/** A term of a bachelor programme (spec §3: name, start date, duration in weeks). */
export const baTerms = pgTable(
  'ba_terms',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    season: termSeasonEnum('season').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    weeks: integer('weeks').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('ba_terms_key').on(t.programmeId, t.year, t.season),
    check('ba_terms_weeks_check', sql`${t.weeks} between 1 and 52`),
  ],
);

/** What a term offers: a course of the programme with a capacity, or an internship. */
export const baOfferings = pgTable(
  'ba_offerings',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => baTerms.id, { onDelete: 'cascade' }),
    kind: offeringKindEnum('kind').notNull().default('course'),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id),
    /** An internship's own title (a course offering reads its course's). */
    title: text('title'),
    capacity: integer('capacity').notNull().default(30),
    ...stamps,
  },
  (t) => [
    uniqueIndex('ba_offerings_course_key')
      .on(t.termId, t.courseId)
      .where(sql`${t.kind} = 'course'`),
    index('ba_offerings_term_idx').on(t.termId),
  ],
);

/** A student in an offered course of a term, with its course status (spec §4). */
export const baStudentCourses = pgTable(
  'ba_student_courses',
  {
    id: serial('id').primaryKey(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => baOfferings.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    status: courseStatusEnum('status').notNull().default('active'),
    /** The classroom (a `classes` row of the offering) the student is placed in. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    reason: text('reason'),
    changedBy: userRef('changed_by'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('ba_student_courses_key').on(t.offeringId, t.enrolmentId),
    index('ba_student_courses_enrolment_idx').on(t.enrolmentId),
    index('ba_student_courses_class_idx').on(t.classId),
  ],
);

/**
 * The result of one attempt at a course: a student course's own copy of the course result it
 * was given (decision 0022, "As built: results per attempt"). `course_results` keeps one result
 * per student and course, the latest attempt's; a term's grade set reads its attempts here, so
 * a retake graded in a later term leaves the earlier term's verified grades as they were.
 * Written with `course_results` by `applyResultEvents`, in the same transaction.
 */
export const baAttemptResults = pgTable('ba_attempt_results', {
  studentCourseId: integer('student_course_id')
    .primaryKey()
    .references(() => baStudentCourses.id, { onDelete: 'cascade' }),
  score: numeric('score', { mode: 'number' }).notNull(),
  source: courseResultSourceEnum('source').notNull().default('entered'),
  isFinal: boolean('is_final').notNull().default(false),
  gradingSchemaId: integer('grading_schema_id'),
  gradingSchemaVersion: integer('grading_schema_version'),
  /** The course result's version this attempt was given (versions go on across attempts). */
  version: integer('version').notNull(),
  enteredBy: userRef('entered_by'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * A classroom: a `classes` row (the learning platform's teaching group) that teaches one
 * offering. CLASSROOM__CLOSE sets `closedAt`; closed classrooms list under past-classrooms.
 */
export const baClassrooms = pgTable(
  'ba_classrooms',
  {
    classId: integer('class_id')
      .primaryKey()
      .references(() => classes.id, { onDelete: 'cascade' }),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => baOfferings.id, { onDelete: 'cascade' }),
    closedAt: tz('closed_at'),
    closedBy: userRef('closed_by'),
  },
  (t) => [index('ba_classrooms_offering_idx').on(t.offeringId)],
);

/** A versioned table that maps grades of one schema to another (transfers, grades out). */
export const gradeConversions = pgTable(
  'grade_conversions',
  {
    id: serial('id').primaryKey(),
    fromSchemaId: integer('from_schema_id')
      .notNull()
      .references(() => gradingSchemas.id),
    toSchemaId: integer('to_schema_id')
      .notNull()
      .references(() => gradingSchemas.id),
    version: integer('version').notNull(),
    /** [{ min, grade }], highest `min` first: a source grade ≥ min converts to `grade`. */
    rules: jsonb('rules').$type<{ min: number; grade: number; label?: string }[]>().notNull(),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('grade_conversions_key').on(t.fromSchemaId, t.toSchemaId, t.version)],
);

/** A proposed transfer of credit into or out of a bachelor student's record. */
export const baTransfers = pgTable(
  'ba_transfers',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull().$type<'in' | 'out'>(),
    kind: transferKindEnum('kind').notNull(),
    /** The course of this programme the credit counts for. */
    courseId: integer('course_id').references(() => programmeCourses.id),
    /** Internal: the course result it comes from. External: the institution and its course. */
    sourceEnrolmentId: integer('source_enrolment_id').references(() => enrolments.id),
    sourceCourseId: integer('source_course_id').references(() => programmeCourses.id),
    institution: text('institution'),
    sourceCourseTitle: text('source_course_title'),
    sourceGrade: numeric('source_grade', { mode: 'number' }),
    sourceSchemaId: integer('source_schema_id').references(() => gradingSchemas.id),
    sourceSchemaVersion: integer('source_schema_version'),
    /** External, on a scale of no schema of ours: the scale's maximum (converted in proportion). */
    sourceScaleMax: numeric('source_scale_max', { mode: 'number' }),
    credits: numeric('credits', { mode: 'number' }).notNull(),
    conversionId: integer('conversion_id').references(() => gradeConversions.id),
    convertedGrade: numeric('converted_grade', { mode: 'number' }),
    state: transferStateEnum('state').notNull().default('proposed'),
    reason: text('reason'),
    proposedBy: userRef('proposed_by'),
    decidedBy: userRef('decided_by'),
    decidedAt: tz('decided_at'),
    ...stamps,
  },
  (t) => [
    index('ba_transfers_enrolment_idx').on(t.enrolmentId),
    index('ba_transfers_state_idx').on(t.state, t.direction),
    // A student transfers out once.
    uniqueIndex('ba_transfers_out_key')
      .on(t.enrolmentId)
      .where(sql`${t.direction} = 'out' and ${t.state} = 'approved'`),
  ],
);

/**
 * Every credit a bachelor student holds, append-only: degree progress is the sum of
 * `credits` (an entry that takes credit away is negative). Nothing updates or deletes a row.
 */
export const baCreditLedger = pgTable(
  'ba_credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    kind: creditEntryKindEnum('kind').notNull(),
    courseId: integer('course_id').references(() => programmeCourses.id),
    credits: numeric('credits', { mode: 'number' }).notNull(),
    /** Earned: the finalised course-result event (decision 0021) it rests on. */
    gradeEventId: bigint('grade_event_id', { mode: 'number' }),
    transferId: integer('transfer_id').references(() => baTransfers.id),
    /** A retake's `replaced` entry names the entry it takes back. */
    replacesEntryId: bigint('replaces_entry_id', { mode: 'number' }),
    sourceGrade: numeric('source_grade', { mode: 'number' }),
    sourceSchemaId: integer('source_schema_id').references(() => gradingSchemas.id),
    sourceSchemaVersion: integer('source_schema_version'),
    convertedGrade: numeric('converted_grade', { mode: 'number' }),
    conversionId: integer('conversion_id').references(() => gradeConversions.id),
    approvedBy: userRef('approved_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ba_credit_ledger_enrolment_idx').on(t.enrolmentId, t.id),
    index('ba_credit_ledger_event_idx').on(t.gradeEventId),
  ],
);

/**
 * An approval of a term's final grades at one level (spec §6 BASIC, CLC, UNI): the hash of the
 * exact grade set it saw. A later grade change makes it stale (and the levels above it).
 */
export const baVerifications = pgTable(
  'ba_verifications',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => baTerms.id, { onDelete: 'cascade' }),
    /** The CLC whose grades were approved; null for the whole term. */
    clcId: integer('clc_id').references(() => clcs.id),
    level: verificationLevelEnum('level').notNull(),
    hash: text('hash').notNull(),
    grades: integer('grades').notNull(),
    /** The grade set it approved: [[studentCourseId, score|null, resultVersion]] (the diff). */
    snapshot: jsonb('snapshot').$type<[number, number | null, number][]>().notNull(),
    approvedBy: userRef('approved_by'),
    approvedAt: tz('approved_at').notNull().defaultNow(),
    staleAt: tz('stale_at'),
  },
  (t) => [index('ba_verifications_term_idx').on(t.termId, t.level, t.approvedAt)],
);

/** A batch of students exported to the certifying university, with the file sent. */
export const baExportBatches = pgTable('ba_export_batches', {
  id: serial('id').primaryKey(),
  programmeId: integer('programme_id')
    .notNull()
    .references(() => programmes.id, { onDelete: 'cascade' }),
  fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
  purpose: text('purpose').notNull().$type<'graduates' | 'grades-out'>(),
  rows: integer('rows').notNull(),
  createdBy: userRef('created_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** A bachelor student's export status (spec §4): completed → completed-exported → graduated. */
export const baExportStatuses = pgTable('ba_export_statuses', {
  enrolmentId: integer('enrolment_id')
    .primaryKey()
    .references(() => enrolments.id, { onDelete: 'cascade' }),
  status: exportStatusEnum('status').notNull(),
  batchId: integer('batch_id').references(() => baExportBatches.id),
  changedBy: userRef('changed_by'),
  ...stamps,
});

/**
 * A long-lived, revocable token for an integration user (BA_API): only its hash is kept; the
 * token is shown once when an admin creates it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters, to tell tokens apart in lists and logs. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at'),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    revokedBy: userRef('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);
