import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * The merge log: one row per merge of a removed person into a kept one. `moves` holds, per
 * table, the keys of the rows that moved and the rows dropped as duplicates, so that an undo
 * can put every row back; `fields` the kept person's values before the chosen ones replaced them.
 */
export const userMerges = pgTable(
  'user_merges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    removedUserId: integer('removed_user_id')
      .notNull()
      .references(() => users.jwlId),
    keptUserId: integer('kept_user_id')
      .notNull()
      .references(() => users.jwlId),
    mergedBy: integer('merged_by').references(() => users.jwlId, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    /** The field values that survived, and the kept person's values they replaced. */
    fields: jsonb('fields').notNull(),
    /** Per table: moved row keys and dropped duplicate rows (see the merge module). */
    moves: jsonb('moves').notNull(),
    /** Counts per kind, as shown before the merge. */
    counts: jsonb('counts').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => users.jwlId, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_merges_removed_idx').on(t.removedUserId),
    index('user_merges_kept_idx').on(t.keptUserId),
  ],
);

/** A data cleanup run: which stale people it soft-deleted, so that it can be restored. */
export const dataCleanups = pgTable(
  'data_cleanups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    criteria: jsonb('criteria').notNull(),
    userIds: integer('user_ids').array().notNull(),
    /** The role memberships the removed people held ({ userId, roleKey }[]), for the restore. */
    removedRoles: jsonb('removed_roles').notNull(),
    createdBy: integer('created_by').references(() => users.jwlId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredBy: integer('restored_by').references(() => users.jwlId, { onDelete: 'set null' }),
  },
  (t) => [index('data_cleanups_created_idx').on(t.createdAt)],
);
