// Grades: grading schema versions, the current grade, the append-only grade ledger and the
// requests to undo a publish or change a grade.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../people';
import { enrolments, gradingSchemas, programmeCourses } from '../programmes';
import { tz, userRef } from './columns';
import {
  gradeEventActionEnum,
  gradeEventSubjectEnum,
  gradeOutcomeEnum,
  gradeRequestKindEnum,
  gradeRequestStateEnum,
} from './enums';
import { learningItems } from './content';
import { submissions } from './submissions';

/** A grading schema as it was at each version: a grade records the version it was given under. */
export const gradingSchemaVersions = pgTable(
  'grading_schema_versions',
  {
    gradingSchemaId: integer('grading_schema_id')
      .notNull()
      .references(() => gradingSchemas.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    scaleMax: numeric('scale_max', { mode: 'number' }).notNull(),
    passMark: numeric('pass_mark', { mode: 'number' }).notNull(),
    bands: jsonb('bands').$type<{ label: string; min: number }[]>().notNull().default([]),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gradingSchemaId, t.version] })],
);

/** The current grade of a task for a learner: keyed by (task, student), never by class. */
export const grades = pgTable(
  'grades',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    /** The attempt judged; null when entered without one (an onsite presentation). */
    submissionId: bigint('submission_id', { mode: 'number' }).references(() => submissions.id, {
      onDelete: 'set null',
    }),
    outcome: gradeOutcomeEnum('outcome').notNull().default('graded'),
    points: numeric('points', { precision: 7, scale: 2, mode: 'number' }),
    comment: text('comment'),
    rubricScores: jsonb('rubric_scores').$type<Record<string, string>>(),
    isPublished: boolean('is_published').notNull().default(false),
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    gradingSchemaId: integer('grading_schema_id'),
    gradingSchemaVersion: integer('grading_schema_version'),
    itemVersion: integer('item_version').notNull(),
    gradedBy: userRef('graded_by'),
    gradedAt: tz('graded_at').notNull().defaultNow(),
    publishedBy: userRef('published_by'),
    publishedAt: tz('published_at'),
    /**
     * When the learner's own read first returned the grade published (decision 0021 §2.5): an
     * approved undo then tells them their grade is under review. Cleared by an unpublish.
     */
    learnerSeenAt: tz('learner_seen_at'),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.studentId] }),
    index('grades_student_idx').on(t.studentId, t.itemId),
    index('grades_course_idx').on(t.courseId, t.studentId),
    check(
      'grades_points_check',
      sql`${t.points} is null or (${t.points} >= 0 and ${t.points} <= ${t.maxPoints})`,
    ),
    check('grades_graded_check', sql`${t.outcome} <> 'graded' or ${t.points} is not null`),
    check('grades_comment_check', sql`${t.comment} is null or length(${t.comment}) <= 10000`),
  ],
);

/**
 * The grade ledger (decision 0021): every change of a task grade or a course result, append-only
 * (a trigger refuses update, delete and truncate). Nothing is ever pruned.
 */
export const gradeEvents = pgTable(
  'grade_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: gradeEventSubjectEnum('subject').notNull().default('task'),
    /** The task; null for a course result. */
    itemId: integer('item_id'),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId),
    courseId: integer('course_id').notNull(),
    /** The enrolment a course result belongs to; null for a task. */
    enrolmentId: integer('enrolment_id'),
    /** A bachelor course result: the attempt (`ba_student_courses`) it was given in. */
    studentCourseId: integer('student_course_id'),
    submissionId: bigint('submission_id', { mode: 'number' }),
    action: gradeEventActionEnum('action').notNull(),
    oldPoints: numeric('old_points', { precision: 7, scale: 2, mode: 'number' }),
    newPoints: numeric('new_points', { precision: 7, scale: 2, mode: 'number' }),
    oldOutcome: gradeOutcomeEnum('old_outcome'),
    newOutcome: gradeOutcomeEnum('new_outcome'),
    oldPublished: boolean('old_published'),
    newPublished: boolean('new_published').notNull(),
    /** The comment, when this event changed it. */
    comment: text('comment'),
    rubricScores: jsonb('rubric_scores').$type<Record<string, string>>(),
    /** A task's maximum, or the grading schema's scale for a course result, at the time. */
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    gradingSchemaId: integer('grading_schema_id'),
    gradingSchemaVersion: integer('grading_schema_version'),
    /** The task's version; null for a course result. */
    itemVersion: integer('item_version'),
    /** The grade's version after this event. */
    gradeVersion: integer('grade_version').notNull(),
    actorId: integer('actor_id').references(() => users.jwlId),
    impersonatorId: integer('impersonator_id').references(() => users.jwlId),
    reason: text('reason'),
    /** The request that caused it (issue 17). */
    requestId: bigint('request_id', { mode: 'number' }).references(() => gradeRequests.id),
    /** Whether it carries text (comment, reason, rubric): the history reads those rows only. */
    hasText: boolean('has_text').generatedAlwaysAs(
      sql`comment is not null or reason is not null or rubric_scores is not null`,
    ),
    // The clock after the row lock, not the transaction's start: per grade, `at` grows with `id`.
    at: tz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    // Made covering by migration 0020 (`include` every fixed-width column and `has_text`; Drizzle
    // cannot say INCLUDE): a student's history is an index-only scan (decision 0021).
    index('grade_events_student_idx').on(t.studentId, t.id),
    index('grade_events_item_idx').on(t.itemId, t.studentId, t.id),
    index('grade_events_course_idx').on(t.courseId, t.id),
    check(
      'grade_events_subject_check',
      sql`(${t.subject} = 'task') = (${t.itemId} is not null and ${t.itemVersion} is not null)`,
    ),
    check(
      'grade_events_enrolment_check',
      sql`(${t.subject} = 'course_result') = (${t.enrolmentId} is not null)`,
    ),
  ],
);

/**
 * An undo-publish or grade-change request (decision 0021 §2): asked by a grader, decided by
 * another person; an approval applies it through the ledger with the request's id.
 */
export const gradeRequests = pgTable(
  'grade_requests',
  {
    // An integer, as notifications.undo_publish_request_id (spec §3) is.
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: gradeRequestKindEnum('kind').notNull(),
    subject: gradeEventSubjectEnum('subject').notNull().default('task'),
    /** The task; null for a course result. */
    itemId: integer('item_id').references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    /** The enrolment of a course result; null for a task. */
    enrolmentId: integer('enrolment_id').references(() => enrolments.id, { onDelete: 'cascade' }),
    /** The grade's version the requester saw; approving needs it unchanged. */
    gradeVersion: integer('grade_version').notNull(),
    fromPoints: numeric('from_points', { precision: 7, scale: 2, mode: 'number' }),
    fromOutcome: gradeOutcomeEnum('from_outcome'),
    /** A task's maximum, or the scale's for a result, when asked. */
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    toPoints: numeric('to_points', { precision: 7, scale: 2, mode: 'number' }),
    toOutcome: gradeOutcomeEnum('to_outcome'),
    toComment: text('to_comment'),
    reason: text('reason').notNull(),
    state: gradeRequestStateEnum('state').notNull().default('open'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.jwlId),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    decidedBy: userRef('decided_by'),
    decidedAt: tz('decided_at'),
    decisionNote: text('decision_note'),
    /** The task's ledger event the approval wrote. */
    appliedEventId: bigint('applied_event_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One open request per grade: a second is refused with the first one's number.
    uniqueIndex('grade_requests_open_key')
      .on(t.courseId, t.studentId, sql`coalesce(${t.itemId}, 0)`)
      .where(sql`${t.state} = 'open'`),
    index('grade_requests_course_idx').on(t.courseId, t.state, t.id),
    index('grade_requests_requested_by_idx').on(t.requestedBy, t.state, t.id),
    index('grade_requests_student_idx').on(t.studentId, t.id),
    check(
      'grade_requests_subject_check',
      sql`(${t.subject} = 'task') = (${t.itemId} is not null) and (${t.subject} = 'course_result') = (${t.enrolmentId} is not null)`,
    ),
    check(
      'grade_requests_reason_check',
      sql`length(${t.reason}) between 1 and 2000 and (${t.decisionNote} is null or length(${t.decisionNote}) <= 2000)`,
    ),
    check(
      'grade_requests_decided_check',
      sql`(${t.state} = 'open') = (${t.decidedAt} is null) and (${t.state} <> 'declined' or ${t.decisionNote} is not null)`,
    ),
  ],
);
