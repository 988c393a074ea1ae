// Credit: grade conversions, transfers of credit, and the append-only credit ledger.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enrolments, gradingSchemas, programmeCourses } from '../programmes';
import { stamps, tz, userRef } from './columns';
import { creditEntryKindEnum, transferKindEnum, transferStateEnum } from './enums';

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
