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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DROPOUT_ACTIONS,
  DROPOUT_CRITERIA,
  DROPOUT_FLAG_STATUSES,
  FOLLOW_UP_KINDS,
  type Evidence,
} from '@lantern/contracts/dropout';
import { enrolmentStateEnum, classes, enrolments, programmes } from './programmes';
import { clcs, users } from './people';

const tz = (name: string) => timestamp(name, { withTimezone: true });

export const dropoutActionEnum = pgEnum('dropout_action', DROPOUT_ACTIONS);
export const dropoutCriterionEnum = pgEnum('dropout_criterion', DROPOUT_CRITERIA);
export const dropoutFlagStatusEnum = pgEnum('dropout_flag_status', DROPOUT_FLAG_STATUSES);
export const dropoutFollowUpKindEnum = pgEnum('dropout_follow_up_kind', FOLLOW_UP_KINDS);

/** A programme's flagging item (spec §3; decision 0021 §3.1): one criterion each. */
export const dropoutFlaggingItems = pgTable(
  'dropout_flagging_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    /** `all` for programmes without terms. */
    termKey: text('term_key').notNull().default('all'),
    action: dropoutActionEnum('action').notNull(),
    criterion: dropoutCriterionEnum('criterion').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    weeks: smallint('weeks'),
    ignoreZeroPointTasks: boolean('ignore_zero_point_tasks').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('dropout_flagging_items_programme_idx')
      .on(t.programmeId, t.termKey)
      .where(sql`${t.deletedAt} is null`),
    check(
      'dropout_flagging_items_figure_check',
      sql`(${t.criterion} = 'inactive' and ${t.percent} is null and ${t.weeks} between 1 and 52)
        or (${t.criterion} <> 'inactive' and ${t.weeks} is null and ${t.percent} between 1 and 100)`,
    ),
  ],
);

/** A student an item flags, with why (the evidence); cleared when no longer met. */
export const dropoutFlags = pgTable(
  'dropout_flags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => dropoutFlaggingItems.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    status: dropoutFlagStatusEnum('status').notNull(),
    evidence: jsonb('evidence').$type<Evidence>().notNull(),
    firstFlaggedAt: tz('first_flagged_at').notNull().defaultNow(),
    evaluatedAt: tz('evaluated_at').notNull().defaultNow(),
    clearedAt: tz('cleared_at'),
    /** The enrolment's state when it left `active` after the flag (the tuning report). */
    outcomeState: enrolmentStateEnum('outcome_state'),
  },
  (t) => [
    uniqueIndex('dropout_flags_open_key')
      .on(t.itemId, t.enrolmentId)
      .where(sql`${t.clearedAt} is null`),
    index('dropout_flags_programme_idx').on(t.programmeId, t.itemId),
    index('dropout_flags_enrolment_idx').on(t.enrolmentId),
  ],
);

/** One evaluation of a programme. */
export const dropoutRuns = pgTable(
  'dropout_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    startedAt: tz('started_at').notNull(),
    finishedAt: tz('finished_at').notNull().defaultNow(),
    flagged: integer('flagged').notNull(),
    cleared: integer('cleared').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('dropout_runs_programme_idx').on(t.programmeId, t.id),
    check('dropout_runs_trigger_check', sql`${t.trigger} in ('schedule', 'on_demand')`),
  ],
);

/** What the responsible coordinator or facilitator did about a flag. */
export const dropoutFollowUps = pgTable(
  'dropout_follow_ups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    flagId: bigint('flag_id', { mode: 'number' })
      .notNull()
      .references(() => dropoutFlags.id, { onDelete: 'cascade' }),
    assigneeRole: text('assignee_role').notNull(),
    clcId: integer('clc_id').references(() => clcs.id, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    kind: dropoutFollowUpKindEnum('kind'),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    doneBy: integer('done_by').references(() => users.jwlId, { onDelete: 'set null' }),
    doneAt: tz('done_at'),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One follow-up per flag: a re-run never opens a second.
    uniqueIndex('dropout_follow_ups_flag_key').on(t.flagId),
    index('dropout_follow_ups_clc_idx').on(t.clcId, t.status),
    index('dropout_follow_ups_class_idx').on(t.classId, t.status),
    check(
      'dropout_follow_ups_role_check',
      sql`${t.assigneeRole} in ('coordinator', 'facilitator')`,
    ),
    check('dropout_follow_ups_status_check', sql`${t.status} in ('open', 'done')`),
    check(
      'dropout_follow_ups_outcome_check',
      sql`(${t.status} = 'open') or (${t.outcome} is not null and length(${t.outcome}) between 1 and 2000)`,
    ),
  ],
);

/**
 * A learner with work on a device not yet synced (the offline outbox writes it; empty today):
 * a flag that would rest on missing work is "unknown", not "at risk".
 */
export const learnerSyncMarks = pgTable('learner_sync_marks', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => users.jwlId, { onDelete: 'cascade' }),
  pendingSince: tz('pending_since'),
  lastSyncAt: tz('last_sync_at'),
});
