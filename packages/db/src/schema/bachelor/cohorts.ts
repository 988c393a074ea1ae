// Cohorts: the intakes of a bachelor programme, their students and the imports that filled them.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from '../operations';
import { enrolments, programmes } from '../programmes';
import { stamps, tz, userRef } from './columns';

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
