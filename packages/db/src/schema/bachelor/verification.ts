// Verification of a term's grades, exports to the certifying university, integration tokens.
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clcs, users } from '../people';
import { files } from '../operations';
import { enrolments, programmes } from '../programmes';
import { stamps, tz, userRef } from './columns';
import { exportStatusEnum, verificationLevelEnum } from './enums';
import { baTerms } from './terms';

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
