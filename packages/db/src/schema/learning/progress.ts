// Progress, kept in the same transaction as what changes it: items done, unit and course counters.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from '../people';
import { programmeCourses } from '../programmes';
import { tz } from './columns';
import { progressSourceEnum } from './enums';
import { learningItems, learningUnits } from './content';

/** That an item counts as done for a learner (marked, or an attempt submitted). */
export const itemProgress = pgTable(
  'item_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    unitId: integer('unit_id').notNull(),
    completedAt: tz('completed_at').notNull().defaultNow(),
    source: progressSourceEnum('source').notNull(),
    /** Made by the device for the event, so a resend is a duplicate (offline use later). */
    clientEventId: uuid('client_event_id'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.itemId] }),
    index('item_progress_item_idx').on(t.itemId),
  ],
);

/** A learner's counters in a unit, written with the event that changes them. */
export const unitProgress = pgTable(
  'unit_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => learningUnits.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    itemsDone: integer('items_done').notNull().default(0),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.unitId] }),
    index('unit_progress_unit_idx').on(t.unitId),
    check('unit_progress_done_check', sql`${t.itemsDone} >= 0`),
  ],
);

/** A learner's counters in a course, written with the event that changes them. */
export const courseProgress = pgTable(
  'course_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    itemsDone: integer('items_done').notNull().default(0),
    tasksSubmitted: integer('tasks_submitted').notNull().default(0),
    tasksGraded: integer('tasks_graded').notNull().default(0),
    pointsPublished: numeric('points_published', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    weightedPublished: numeric('weighted_published', { precision: 12, scale: 6, mode: 'number' })
      .notNull()
      .default(0),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('course_progress_course_idx').on(t.courseId, t.studentId),
    check(
      'course_progress_counts_check',
      sql`${t.itemsDone} >= 0 and ${t.tasksSubmitted} >= 0 and ${t.tasksGraded} >= 0`,
    ),
  ],
);
