// Terms and what they offer: offerings, each student's courses and attempt results, classrooms.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  classes,
  courseResultSourceEnum,
  enrolments,
  programmeCourses,
  programmes,
} from '../programmes';
import { stamps, tz, userRef } from './columns';
import { courseStatusEnum, offeringKindEnum, termSeasonEnum } from './enums';

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
