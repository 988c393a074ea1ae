// Course content: learning units, their items and item revisions, a class's own dates, and a
// learner's own standing in one course.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { users } from '../people';
import { classes, programmeCourses } from '../programmes';
import { stamps, tz, userRef } from './columns';
import {
  courseEnrolmentSourceEnum,
  courseEnrolmentStatusEnum,
  itemKindEnum,
  taskDeliveryEnum,
  taskGradingEnum,
  unitStatusEnum,
} from './enums';

/** A learning unit of a course (never the course's credit `units`, decision 0008). */
export const learningUnits = pgTable(
  'learning_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull().default(0),
    status: unitStatusEnum('status').notNull().default('draft'),
    /** Released to learners from then; null: as soon as it is published. */
    opensAt: tz('opens_at'),
    publishedAt: tz('published_at'),
    publishedBy: userRef('published_by'),
    closedAt: tz('closed_at'),
    closedBy: userRef('closed_by'),
    copiedFromUnitId: integer('copied_from_unit_id'),
    deletedAt: tz('deleted_at'),
    ...stamps,
  },
  (t) => [
    index('learning_units_course_idx')
      .on(t.courseId, t.position)
      .where(sql`${t.deletedAt} is null`),
    check('learning_units_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

/** An item of a unit: a resource or a task; its kind's settings live in `settings`. */
export const learningItems = pgTable(
  'learning_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => learningUnits.id, { onDelete: 'cascade' }),
    /** The unit's course, never changed: an item moves only within its course. */
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    kind: itemKindEnum('kind').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML: a resource's text or a task's instructions. */
    body: text('body').notNull().default(''),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: tz('published_at'),
    visibleFrom: tz('visible_from'),
    delivery: taskDeliveryEnum('delivery'),
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }),
    grading: taskGradingEnum('grading'),
    rubric: jsonb('rubric').$type<unknown[]>(),
    weight: numeric('weight', { precision: 6, scale: 3, mode: 'number' }),
    dueAt: tz('due_at'),
    /** Nothing after it; null: late work is taken while the unit is open. */
    lateUntil: tz('late_until'),
    countsForProgress: boolean('counts_for_progress').notNull().default(true),
    copiedFromItemId: integer('copied_from_item_id'),
    deletedAt: tz('deleted_at'),
    ...stamps,
  },
  (t) => [
    index('learning_items_unit_idx')
      .on(t.unitId, t.position)
      .where(sql`${t.deletedAt} is null`),
    // The grade book's columns: a course's graded items.
    index('learning_items_graded_idx')
      .on(t.courseId, t.id)
      .where(sql`${t.maxPoints} is not null and ${t.deletedAt} is null`),
    check('learning_items_title_check', sql`length(${t.title}) between 1 and 200`),
    check('learning_items_settings_check', sql`jsonb_typeof(${t.settings}) = 'object'`),
    check('learning_items_graded_check', sql`(${t.delivery} is null) = (${t.maxPoints} is null)`),
    check(
      'learning_items_points_check',
      sql`${t.maxPoints} is null or (${t.maxPoints} > 0 and ${t.maxPoints} <= 10000)`,
    ),
    check(
      'learning_items_late_check',
      sql`${t.lateUntil} is null or ${t.dueAt} is null or ${t.lateUntil} >= ${t.dueAt}`,
    ),
  ],
);

/** Every content save of an item, so an answer is read against the prompt it answered. */
export const learningItemRevisions = pgTable(
  'learning_item_revisions',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The item's content at that version: title, body, settings, points, grading, rubric, dates. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    editedBy: userRef('edited_by'),
    editedAt: tz('edited_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.version] })],
);

/** A class's own dates for an item; null columns mean "as the item". */
export const itemClassDates = pgTable(
  'item_class_dates',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    visibleFrom: tz('visible_from'),
    dueAt: tz('due_at'),
    lateUntil: tz('late_until'),
    version: integer('version').notNull().default(1),
    updatedBy: userRef('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.classId] }),
    index('item_class_dates_class_idx').on(t.classId),
  ],
);

/**
 * A learner's own standing in one course, where it differs from their programme's: a course
 * dropped (source programme, status dropped) or an additional course (source additional).
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    source: courseEnrolmentSourceEnum('source').notNull(),
    status: courseEnrolmentStatusEnum('status').notNull().default('active'),
    /** For an additional course: the class the learner joins for it. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdBy: userRef('created_by'),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.studentId] }),
    index('course_enrolments_student_idx').on(t.studentId),
  ],
);
