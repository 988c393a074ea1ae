import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAIL_STATUSES } from '@lantern/contracts/mail';
import { users } from './people';

/** Every state change: who, on behalf of whom while impersonating, what, which record, when, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user the action was done as (the impersonated one while impersonating). */
    actorId: integer('actor_id').references(() => users.jwlId, { onDelete: 'set null' }),
    /** The real user behind an impersonated request. */
    impersonatorId: integer('impersonator_id').references(() => users.jwlId, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);

/** Mails wait here; a job delivers them by SMTP, or they stay readable when no SMTP is set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    toUserId: integer('to_user_id').references(() => users.jwlId, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    kind: text('kind').notNull(),
    /** One mail per event and recipient: a second write of the same key is skipped. */
    dedupeKey: text('dedupe_key'),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker last claimed it: the sweep's clock for retries and stuck claims. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
  ],
);

/** Uploaded files; the bytes live in the file store under `storageKey`, a random name. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id').references(() => users.jwlId, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/** Installation settings that every API node must share (signing secrets). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Data steps done: changes to stored rows that need the app's own code (e.g. the rich-text
 * sanitiser), run once after the SQL migrations and before the app listens
 * (apps/api/src/lib/data-steps.ts). A step's name is written in the transaction that applies it.
 */
export const dataSteps = pgTable('data_steps', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many rows the step changed. */
  changed: integer('changed').notNull().default(0),
});

/**
 * An import being applied in bounded steps (issue 27; decision 0022, as built: imports in steps):
 * its planned rows are written to `import_staged_rows` in short transactions, then one short
 * transaction makes the import visible and marks the run applied. A run still `staging` is
 * invisible to everything else; one untouched for longer than the pipeline's stale time was
 * cut off (a crash, a restart) and is abandoned by the next import of its programme or person.
 * At most one run is staging per programme and per person (the two partial unique indexes).
 * `started_by` is a plain number, not a reference: a run outlives no one it matters to.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Which import: applicants, cohort, results. */
    kind: text('kind').notNull(),
    programmeId: integer('programme_id').notNull(),
    startedBy: integer('started_by').notNull(),
    sha256: text('sha256').notNull(),
    /** The app process running it (a random id per start): a run of this process that is no
     * longer running here was cut off, whatever its `touched_at`. */
    owner: text('owner').notNull(),
    /** staging → applied, or → abandoned (failed, or cut off and cleared). */
    state: text('state').notNull().default('staging'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on by every step; how a live run is told from one cut off. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_runs_one_per_programme')
      .on(t.programmeId)
      .where(sql`${t.state} = 'staging'`),
    uniqueIndex('import_runs_one_per_person')
      .on(t.startedBy)
      .where(sql`${t.state} = 'staging'`),
  ],
);

/** A planned row of an import run, as the final step will write it (JSON of the import's own). */
export const importStagedRows = pgTable(
  'import_staged_rows',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
